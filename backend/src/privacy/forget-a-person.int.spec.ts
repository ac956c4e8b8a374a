import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ContactResponseItem, ContactResponsesAnswer, PersonalDataMovedOutOfLogData, SubjectAccessAnswer } from '@punchline/domain';
import type { Database, ChainRecord } from '@punchline/projections';
import { spawnCli, type CliProcess } from '../cli/test-support/cli-process';
import { appProcess } from '../cli/test-support/app-process';
import { migrate } from '../platform/database/migrations';
import { PgDatabase } from '../platform/database/pg-database';
import { PgliteDatabase } from '../platform/database/pglite-database';
import { eventStoreMigrations } from '../platform/event-store/create-event-store';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { TEST_ADMIN_EMAIL, http, signIn } from '../test-support/test-app';
import { type DatabaseKind, databaseKinds } from '../test-support/test-database';
import { checkFormerHead } from './former-chain';

/**
 * DESIGN §16 acceptance, on PGlite (its data folder) and PostgreSQL (pg_dump): messages written by the
 * first release's code path (old-shape events appended straight to the log) and by the current one are
 * found by address and erased; afterwards the database's files or dump, the NDJSON export, the CSV and
 * the app's log (every level) hold none of the name, address, words or notes; verify passes; the head
 * written down before the erase is still in the chain; the head from before the start-up migration
 * checks against the former chain it recorded; replay equals the read models. The app runs as a child
 * process so its log is what it really writes.
 */
jest.setTimeout(240_000);

const ZELDA = { name: 'Zelda Quuxington', email: 'Zelda.Quux@example.org' };
const SECRETS = {
  name: 'Zelda Quuxington',
  email: 'zelda.quux@example.org',
  emailAsWritten: 'Zelda.Quux@example.org',
  legacyMessage: 'legacy-gooseberry-5521',
  legacyNotes: 'legacy-notes-tangerine-8812',
  message: 'xylophone-marmalade-7391',
  notes: 'notes-periwinkle-4410',
};
const BOB = { name: 'Bob Keeper', from: 'bob.keeper@example.net', message: 'keep-me-lighthouse-2024' };
const LENA = { name: 'Lena Legacy', email: 'lena@example.net', message: 'legacy-kept-harbour-3303' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Which of the secrets occur in the bytes (UTF-8, case-insensitively for the address). */
function secretsIn(bytes: Buffer | string): string[] {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  return Object.entries(SECRETS)
    .filter(([, secret]) => text.toLowerCase().includes(secret.toLowerCase()))
    .map(([key]) => key);
}

describe.each(databaseKinds())('forgetting a person on %s', (kind: DatabaseKind) => {
  // Every level: nothing personal may reach the log, not even at trace.
  const harness = appProcess({ database: kind, dataDirPrefix: 'punchline-forget-', logLevel: 'trace' });
  const logs: string[] = [];

  const openDb = async (): Promise<Database> => (kind === 'pglite' ? PgliteDatabase.open(join(harness.dataDir, 'pglite')) : new PgDatabase(harness.database!.url!, 2));

  async function stopApp(app: CliProcess): Promise<void> {
    app.child.kill('SIGTERM');
    await app.exited;
    logs.push(app.output());
  }

  it('finds, erases and forgets first-release and current messages; the log still verifies', async () => {
    // 1. The first release's code path: old-shape events (words in the data) appended to the log.
    const db = await openDb();
    await migrate(db, eventStoreMigrations);
    const store = new PostgresEventStore(db);
    const legacy = async (name: string, email: string, message: string, notes: string | null) => {
      const messageId = randomUUID();
      const metadata = { actorEmail: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
      await store.append(`contact-${messageId}`, [{ eventId: randomUUID(), type: 'ContactMessageReceived', data: { messageId, name, email, message }, metadata }], {
        expectedRevision: 'no_stream',
      });
      if (notes !== null) {
        await store.append(`contact-${messageId}`, [{ eventId: randomUUID(), type: 'ResponseNotesEdited', data: { messageId, notes }, metadata: { ...metadata, actorEmail: TEST_ADMIN_EMAIL } }], {
          expectedRevision: 0,
        });
      }
      return messageId;
    };
    const lenaId = await legacy(LENA.name, LENA.email, LENA.message, null);
    const zeldaLegacyId = await legacy(ZELDA.name, ZELDA.email, SECRETS.legacyMessage, SECRETS.legacyNotes);
    const heldBeforeMigration = (await db.query<{ global_position: string; hash: string }>('SELECT global_position, hash FROM es.events ORDER BY global_position DESC LIMIT 1')).rows[0]!;
    await store.close();
    await db.close();

    // 2. The current release: the start-up migration moves them out; new messages never enter the log.
    let app = await harness.start(120_000);
    const admin = http(harness.baseUrl, await signIn(harness.baseUrl, TEST_ADMIN_EMAIL));
    const post = (body: object) => http(harness.baseUrl).post('/api/contact', body, { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` });
    expect((await post({ name: ZELDA.name, from: ZELDA.email, message: SECRETS.message })).status).toBe(200);
    expect((await post(BOB)).status).toBe(200);
    const inbox = async (): Promise<ContactResponseItem[]> => {
      for (let i = 0; i < 100; i += 1) {
        const res = await admin.get<ContactResponsesAnswer>('/api/admin/contact-responses?limit=500');
        if (res.body.total === 4) return res.body.items;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the inbox did not show the four messages');
    };
    const before = await inbox();
    const zeldaCurrent = before.find((i) => i.message === SECRETS.message)!;
    expect(before.find((i) => i.id === zeldaLegacyId)).toMatchObject({ name: ZELDA.name, message: SECRETS.legacyMessage, notes: SECRETS.legacyNotes });
    expect(before.find((i) => i.id === lenaId)).toMatchObject({ name: LENA.name, message: LENA.message });
    expect((await admin.patch(`/api/admin/contact-responses/${zeldaCurrent.id}`, { notes: SECRETS.notes, responded: true })).status).toBe(200);

    // The migration is one audited event an auditor holding the earlier head can check.
    const exportLines = async () => ((await admin.get<string>('/api/admin/audit/export')).body as string).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    const records = (lines: Record<string, unknown>[]): ChainRecord[] =>
      lines.slice(1).map((v) => ({
        globalPosition: Number(v.position),
        eventId: String(v.event_id),
        streamId: String(v.stream),
        streamRevision: Number(v.revision),
        type: String(v.type),
        schemaVersion: Number(v.schema_version),
        data: v.data,
        metadata: v.metadata,
        prevHash: String(v.prev_hash),
        hash: String(v.hash),
      }));
    const migrated = records(await exportLines());
    const migration = migrated.filter((r) => r.type === 'PersonalDataMovedOutOfLog');
    expect(migration).toHaveLength(1);
    const moved = migration[0]!.data as PersonalDataMovedOutOfLogData;
    expect(moved.previousHead).toEqual({ position: Number(heldBeforeMigration.global_position), hash: heldBeforeMigration.hash });
    expect(moved.rewritten.map((r) => r.position)).toEqual([1, 2, 3]);
    expect(checkFormerHead(migrated, moved, { position: Number(heldBeforeMigration.global_position), hash: heldBeforeMigration.hash })).toMatchObject({ ok: true });
    expect(checkFormerHead(migrated, moved, { position: 2, hash: 'f'.repeat(64) })).toMatchObject({ ok: false });

    // 3. Subject access: everything about the address (any case), one document.
    const found = await admin.get<SubjectAccessAnswer>(`/api/admin/privacy?email=${encodeURIComponent(' zelda.QUUX@example.org ')}`);
    expect(found.status).toBe(200);
    expect(found.body.messages.map((m) => [m.message, m.notes]).sort()).toEqual([
      [SECRETS.legacyMessage, SECRETS.legacyNotes],
      [SECRETS.message, SECRETS.notes],
    ]);
    expect(found.body.subject_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await admin.get<SubjectAccessAnswer>('/api/admin/privacy?email=nobody@example.com')).body).toMatchObject({ subject_id: null, messages: [], erasures: [] });
    expect((await admin.get('/api/admin/privacy?email=not-an-address')).status).toBe(400);
    expect((await admin.get(`/api/admin/privacy?email=${TEST_ADMIN_EMAIL}`)).body).toMatchObject({ access: { admin: true, admin_fixed: true }, audit: { total: expect.any(Number) } });

    // 4. Erase: the chain head written down before must stay in the chain.
    const heldBeforeErase = (await admin.get<{ ok: boolean; head: { position: number; hash: string } }>('/api/admin/audit/verify')).body.head;
    const erased = await admin.post('/api/admin/privacy/erase', { email: ZELDA.email });
    expect([erased.status, erased.body]).toEqual([200, { erased: { messages: 2 } }]);
    expect((await admin.post('/api/admin/privacy/erase', { email: SECRETS.email.toUpperCase() })).body).toEqual({ erased: { messages: 2 } });
    expect((await admin.post('/api/admin/privacy/erase', { email: 'never@example.com' })).body).toEqual({ erased: { messages: 0 } });
    expect((await admin.post('/api/admin/privacy/erase', { email: 'nope' })).status).toBe(400);
    expect((await admin.post('/api/admin/privacy/erase', {})).status).toBe(400);

    const after = records(await exportLines());
    expect(after.filter((r) => r.type === 'PersonalDataErased')).toHaveLength(2);
    expect(after.find((r) => r.globalPosition === heldBeforeErase.position)?.hash).toBe(heldBeforeErase.hash);
    const verify = await admin.get<{ ok: boolean }>('/api/admin/audit/verify');
    expect(verify.body.ok).toBe(true);

    const inboxAfter = await inbox();
    for (const id of [zeldaLegacyId, zeldaCurrent.id]) {
      expect(inboxAfter.find((i) => i.id === id)).toMatchObject({ name: '', email: '', message: '', notes: '', erased_at: expect.any(String), responded: id === zeldaCurrent.id });
    }
    expect(inboxAfter.find((i) => i.message === BOB.message)).toMatchObject({ name: BOB.name, email: BOB.from });
    expect(inboxAfter.find((i) => i.id === lenaId)).toMatchObject({ name: LENA.name, message: LENA.message });
    expect((await admin.get<SubjectAccessAnswer>(`/api/admin/privacy?email=${SECRETS.email}`)).body).toMatchObject({ messages: [], erasures: [{ messages: 2 }] });

    // 5. Nowhere: export, CSV (search included), the answers above.
    const exportText = (await admin.get<string>('/api/admin/audit/export')).body as string;
    expect(secretsIn(exportText)).toEqual([]);
    const csv = (await admin.get<string>('/api/admin/contact-responses?format=csv')).body as string;
    expect(secretsIn(csv)).toEqual([]);
    expect(csv).toContain(BOB.message);
    expect((await admin.get<ContactResponsesAnswer>(`/api/admin/contact-responses?q=${SECRETS.message}`)).body.total).toBe(0);
    const audit = JSON.stringify((await admin.get('/api/admin/audit?limit=500')).body);
    expect(secretsIn(audit)).toEqual([]);
    await stopApp(app);

    // 6. Replay equals the read models (the app stopped: PGlite has one process).
    const replay = spawnCli(['replay'], harness.env);
    const replayed = await replay.exited;
    logs.push(replay.output());
    expect([replayed.code, replay.output()]).toEqual([0, expect.stringMatching(/equal|match/i)]);

    // 7. The database's files (PGlite) or a dump (PostgreSQL), and every line the app logged.
    if (kind === 'pglite') {
      const leaks = filesUnder(join(harness.dataDir, 'pglite')).flatMap((path) => secretsIn(readFileSync(path)).map((s) => `${s} in ${path.slice(harness.dataDir.length)}`));
      expect(leaks).toEqual([]);
    } else {
      const dump = execFileSync('/usr/bin/pg_dump', ['--no-owner', harness.database!.url!], { maxBuffer: 512 * 1024 * 1024 });
      expect(secretsIn(dump)).toEqual([]);
      expect(dump.toString('utf8')).not.toContain(BOB.message);
    }
    expect(logs.join('\n').length).toBeGreaterThan(1000);
    expect(secretsIn(logs.join('\n'))).toEqual([]);

    // 8. A restart changes nothing (the migration has nothing left to move) and the inbox reads the same.
    app = await harness.start(120_000);
    const again = http(harness.baseUrl, await signIn(harness.baseUrl, TEST_ADMIN_EMAIL));
    expect((await again.get<ContactResponsesAnswer>('/api/admin/contact-responses?limit=500')).body.items.map((i) => i.erased_at !== null).sort()).toEqual([false, false, true, true]);
    await stopApp(app);
    expect(secretsIn(logs.join('\n'))).toEqual([]);
  });
});
