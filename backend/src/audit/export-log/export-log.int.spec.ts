import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyFileCommand } from '../../cli';
import { databaseKinds } from '../../test-support/test-database';
import { lockAndSave, startSettingsApp, type SettingsApp } from '../../settings/test-support/settings-app.test-kit';

/**
 * Issue 10 acceptance: altering one stored event with SQL makes /api/admin/audit/verify name that
 * event (position, id, stream, type); an export checked offline reports the same; an untouched
 * export passes.
 */
describe.each(databaseKinds())('audit verify and export on %s', (kind) => {
  let s: SettingsApp;
  let dir: string;
  const offline = async (text: string): Promise<{ code: number; output: string }> => {
    const file = join(dir, `export-${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(file, text);
    const lines: string[] = [];
    const code = await verifyFileCommand(file, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  beforeAll(async () => {
    s = await startSettingsApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'punchline-export-'));
    await lockAndSave(s.a, { site_title: 'Before tampering' });
    expect((await s.a.post('/api/settings/publish', {})).status).toBe(200);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports the log as NDJSON that verifies offline to the same head as the server', async () => {
    const verify = (await s.a.get('/api/admin/audit/verify')).body;
    expect(verify.ok).toBe(true);
    const res = await s.a.get('/api/admin/audit/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const text = res.body as string;
    const lines = text.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'punchline-event-log', version: 1, gapless: true });
    expect(JSON.parse(lines[1]!)).toEqual(expect.objectContaining({ position: 1, event_id: expect.any(String), stream: expect.any(String), type: expect.any(String), prev_hash: '', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }));
    const checked = await offline(text);
    expect(checked.code).toBe(0);
    expect(checked.output).toContain(`head: position ${verify.head.position}, hash ${verify.head.hash}`);
    expect((await offline('not an export\n')).code).toBe(1);
    expect((await s.visitor.get('/api/admin/audit/export')).status).toBe(401);
  });

  it('names the altered event after a change made with SQL, online and offline', async () => {
    const [target] = (await s.app.db.query<{ global_position: string; event_id: string; stream_id: string; type: string; data: unknown }>(
      `SELECT global_position, event_id::text, stream_id, type, data FROM es.events WHERE type = 'DraftSaved' ORDER BY global_position LIMIT 1`,
    )).rows;
    await s.app.db.query(`UPDATE es.events SET data = jsonb_set(data::jsonb, '{changes}', '{"site_title":"Tampered"}') WHERE global_position = $1`, [target!.global_position]);
    try {
      const verify = (await s.a.get('/api/admin/audit/verify')).body;
      expect(verify).toMatchObject({
        ok: false,
        first_invalid: { position: Number(target!.global_position), event_id: target!.event_id, stream: target!.stream_id, type: target!.type },
      });
      const exported = await offline((await s.a.get('/api/admin/audit/export')).body as string);
      expect(exported.code).toBe(1);
      expect(exported.output).toContain(`first altered event at position ${target!.global_position}: event ${target!.event_id}, stream ${target!.stream_id}, type ${target!.type}`);
    } finally {
      await s.app.db.query('UPDATE es.events SET data = $1::jsonb WHERE global_position = $2', [JSON.stringify(target!.data), target!.global_position]);
    }
    expect((await s.a.get('/api/admin/audit/verify')).body.ok).toBe(true);
  });
});
