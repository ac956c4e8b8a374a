import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyCheckpointCommand } from '../cli';
import { main } from '../cli/cli';
import { eventHash } from '@punchline/projections';
import { discardTreeFrom } from '../platform/log-tree/tiles';
import { databaseKinds } from '../test-support/test-database';
import { verifyConsistency, verifyInclusion } from '../test-support/rfc9162-verifier';
import { lockAndSave, startSettingsApp, type SettingsApp } from '../settings/test-support/settings-app.test-kit';

/**
 * Issue 27 acceptance: a log cut short with SQL, and a log whose tail was altered with every later
 * chain hash recomputed (so the hash chain alone still verifies), are both named against a
 * checkpoint taken before: by `verify --checkpoint` (live and offline on an export) and by the
 * check Site history calls.
 */
describe.each(databaseKinds())('signed checkpoints and proofs on %s', (kind) => {
  let s: SettingsApp;
  let dir: string;

  const settle = async () => {
    const head = Number((await s.app.db.query<{ head: string }>('SELECT max(global_position) AS head FROM es.events')).rows[0]!.head);
    await s.app.runtime.projector.waitFor(head, 10_000);
    return head;
  };
  const file = (name: string, text: string) => {
    const path = join(dir, `${name}-${Math.random().toString(36).slice(2)}`);
    writeFileSync(path, text);
    return path;
  };
  const cli = async (options: { checkpoint: string; file?: string; key?: string }) => {
    const lines: string[] = [];
    const code = await verifyCheckpointCommand({ ...options, live: async () => ({ tree: s.app.runtime.logTree, close: async () => undefined }) }, (l) => lines.push(l));
    return { code, output: lines.join('\n') };
  };
  /** Alters the event at `position` and recomputes every later chain hash, as a careful forger would. */
  const rehashFrom = async (position: number) => {
    await s.app.db.query(`UPDATE es.events SET data = (jsonb_set(data::jsonb, '{forged}', 'true'))::json WHERE global_position = $1`, [position]);
    const { rows } = await s.app.db.query<{ global_position: string; stream_id: string; stream_revision: string; event_id: string; type: string; schema_version: number; data: unknown; metadata: unknown; prev_hash: string }>(
      'SELECT global_position, stream_id, stream_revision, event_id::text, type, schema_version, data, metadata, prev_hash FROM es.events WHERE global_position >= $1 ORDER BY global_position',
      [position],
    );
    let prev = rows[0]!.prev_hash;
    for (const row of rows) {
      const hash = eventHash(prev, {
        globalPosition: Number(row.global_position),
        streamId: row.stream_id,
        streamRevision: Number(row.stream_revision),
        eventId: row.event_id,
        type: row.type,
        schemaVersion: row.schema_version,
        data: row.data,
        metadata: row.metadata,
      });
      await s.app.db.query('UPDATE es.events SET prev_hash = $1, hash = $2 WHERE global_position = $3', [prev, hash, row.global_position]);
      prev = hash;
    }
  };

  beforeEach(async () => {
    s = await startSettingsApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'punchline-checkpoint-'));
    await lockAndSave(s.a, { site_title: 'First' });
    expect((await s.a.post('/api/settings/publish', {})).status).toBe(200);
  });
  afterEach(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a signed checkpoint and its key to anyone, and proofs an independent verifier accepts', async () => {
    const head = await settle();
    const res = await s.visitor.get('/api/log/checkpoint');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [origin, size, root, blank, signature] = (res.body as string).split('\n');
    expect(origin).toMatch(/\/punchline-log$/);
    expect(Number(size)).toBe(head);
    expect(blank).toBe('');
    expect(signature).toMatch(new RegExp(`^— ${origin!.replace(/[.]/g, '\\.')} [A-Za-z0-9+/=]+$`));
    const key = (await s.visitor.get('/api/log/public-key')).body;
    expect(key).toEqual({ key_name: origin, algorithm: 'ed25519', public_key: expect.any(String), verifier_key: expect.stringMatching(new RegExp(`^${origin!.replace(/[.]/g, '\\.')}\\+[0-9a-f]{8}\\+`)) });

    const earlier = Number(size) - 1;
    const earlierRoot = Buffer.from((await s.app.runtime.logTree.rootAt(earlier)).toString('base64'), 'base64');
    const consistency = (await s.a.get(`/api/log/proof/consistency?from=${earlier}&to=${head}`)).body;
    expect(verifyConsistency(earlier, head, earlierRoot, Buffer.from(root!, 'base64'), consistency.hashes.map((h: string) => Buffer.from(h, 'hex')))).toBe(true);
    const inclusion = (await s.a.get(`/api/log/proof/inclusion?position=2&size=${head}`)).body;
    expect(verifyInclusion(1, head, Buffer.from(inclusion.leaf_hash, 'hex'), inclusion.hashes.map((h: string) => Buffer.from(h, 'hex')), Buffer.from(root!, 'base64'))).toBe(true);

    expect((await s.a.get(`/api/log/proof/consistency?from=0&to=${head}`)).status).toBe(400);
    expect((await s.a.get(`/api/log/proof/consistency?from=1&to=${head + 5}`)).status).toBe(400);
    expect((await s.a.get(`/api/log/proof/inclusion?position=abc&size=1`)).status).toBe(400);
    expect((await s.visitor.get(`/api/log/proof/inclusion?position=1&size=1`)).status).toBe(401);
    expect((await s.a.post('/api/log/check', { checkpoint: 'nonsense' })).status).toBe(400);
  });

  it('names a log cut short with SQL: truncated, with the first missing event', async () => {
    const head = await settle();
    const checkpoint = (await s.visitor.get('/api/log/checkpoint')).body as string;
    const earlierExport = (await s.a.get('/api/admin/audit/export')).body as string;
    expect(JSON.parse(earlierExport.trim().split('\n').pop()!)).toEqual({ checkpoint });

    await lockAndSave(s.a, { site_title: 'Later' });
    await settle();
    const ok = (await s.a.post('/api/log/check', { checkpoint })).body;
    expect(ok).toMatchObject({ verdict: 'extends', size: head, checkpoint_date: expect.stringMatching(/^\d{4}-/) });
    expect((await cli({ checkpoint: file('checkpoint', checkpoint) })).code).toBe(0);
    const key = (await s.visitor.get('/api/log/public-key')).body.verifier_key as string;
    const laterExport = file('later-export', (await s.a.get('/api/admin/audit/export')).body as string);
    expect(await cli({ checkpoint: file('checkpoint', checkpoint), file: laterExport, key })).toEqual({ code: 0, output: expect.stringContaining('OK: this log') });
    // The command line as an auditor types it (offline: no configuration needed).
    const printed: string[] = [];
    expect(await main(['verify', '--checkpoint', file('checkpoint', checkpoint), '--file', laterExport, '--key', key], (l) => printed.push(l))).toBe(0);
    expect(printed.join('\n')).toContain('OK: this log');
    expect(await main(['verify', '--checkpoint', file('checkpoint', checkpoint), '--bogus', 'x'], () => undefined)).toBe(2);
    expect(await main(['verify', '--checkpoint', file('checkpoint', checkpoint), '--file', laterExport, '--key', 'not+a+key'], () => undefined)).toBe(2);

    // The forger deletes the last events and the tree over them.
    const cut = head - 1;
    await s.app.db.query('DELETE FROM es.events WHERE global_position >= $1', [cut]);
    // A tree longer than the log: a restart's catch-up says so instead of refusing to start.
    await expect(s.app.runtime.logTree.catchUp()).resolves.toMatchObject({ problem: expect.stringContaining('cut short') });
    await discardTreeFrom(s.app.db, cut - 1);
    expect((await s.a.get('/api/admin/audit/verify')).body.ok).toBe(true);

    const check = (await s.a.post('/api/log/check', { checkpoint })).body;
    expect(check).toMatchObject({ verdict: 'truncated', size: head, current_size: cut - 1, first_difference: cut });
    expect(check.message).toContain(`first missing event is number ${cut}`);
    const live = await cli({ checkpoint: file('checkpoint', checkpoint) });
    expect(live.code).toBe(1);
    expect(live.output).toContain('TRUNCATED');
    const offline = await cli({ checkpoint: file('checkpoint', checkpoint), file: file('cut-export', (await s.a.get('/api/admin/audit/export')).body as string), key });
    expect(offline.code).toBe(1);
    expect(offline.output).toContain(`TRUNCATED`);
  });

  it('names a tail altered with every later chain hash recomputed: rewritten, with the first event that differs', async () => {
    const head = await settle();
    const checkpoint = (await s.visitor.get('/api/log/checkpoint')).body as string;
    const earlierExport = file('earlier-export', (await s.a.get('/api/admin/audit/export')).body as string);
    const target = head - 2;
    await rehashFrom(target);
    // The hash chain alone cannot see it: it agrees with itself.
    expect((await s.a.get('/api/admin/audit/verify')).body.ok).toBe(true);

    // The stored tree still holds the old leaves, which locates the change.
    expect((await s.a.post('/api/log/check', { checkpoint })).body).toMatchObject({ verdict: 'rewritten', size: head, first_difference: target });
    // A careful forger rebuilds the tree too: the checkpoint alone then names the rewrite, an earlier export locates it.
    await discardTreeFrom(s.app.db, target - 1);
    await s.app.runtime.logTree.catchUp();
    expect((await s.visitor.get('/api/log/checkpoint')).body).not.toBe(checkpoint);
    expect((await s.a.post('/api/log/check', { checkpoint })).body).toMatchObject({ verdict: 'rewritten', first_difference: null });
    const live = await cli({ checkpoint: file('checkpoint', checkpoint) });
    expect(live).toMatchObject({ code: 1, output: expect.stringContaining('REWRITTEN') });
    const located = await cli({ checkpoint: earlierExport });
    expect(located.output).toContain(`first event that differs is number ${target}`);
    const offline = await cli({ checkpoint: earlierExport, file: file('forged-export', (await s.a.get('/api/admin/audit/export')).body as string) });
    expect(offline).toMatchObject({ code: 1, output: expect.stringContaining(`first event that differs is number ${target}`) });
  });
});
