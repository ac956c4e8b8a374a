import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, ensureReadModels, type Database } from '@punchline/projections';
import { phonePhoto } from '../media/test-support/photo-fixture';
import { MEDIA_STORAGE, createMediaStorage, type MediaStorage } from '../media';
import { migrate } from '../platform/database/migrations';
import { createEventStore, eventStoreMigrations, type VerifiableEventStore } from '../platform/event-store/create-event-store';
import { createTestDatabase, postgresUrl, type DatabaseKind, type TestDatabase } from '../test-support/test-database';
import { signIn } from '../test-support/test-app';
import { ADMIN_A, lockAndSave, saveDraft, startSettingsApp, type SettingsApp } from '../settings/test-support/settings-app.test-kit';
import { sendContact } from '../contact/test-support/contact-app.test-kit';
import { checkpointFromTree, ensureBackupTables, registeredSideStores, remakeVariants, restoreBackup, writeBackupFile, type BackupResult } from '.';
import { verifyRestoredCheckpoint } from './restore';

/** Restore into the other kind when PostgreSQL is there (PGlite → PostgreSQL and back); PGlite → PGlite otherwise. */
const pairs: [DatabaseKind, DatabaseKind][] = postgresUrl() ? [['pglite', 'postgres'], ['postgres', 'pglite']] : [['pglite', 'pglite']];

interface Target {
  test: TestDatabase;
  store: VerifiableEventStore;
  storage: MediaStorage;
  dir: string;
  close(): Promise<void>;
}

async function emptyTarget(kind: DatabaseKind): Promise<Target> {
  const test = await createTestDatabase(kind);
  await migrate(test.db, eventStoreMigrations);
  await ensureReadModels(test.db, allProjections());
  await ensureBackupTables(test.db);
  const dir = mkdtempSync(join(tmpdir(), 'punchline-restore-'));
  const store = createEventStore({ eventStore: 'postgres' }, test.db);
  const storage = createMediaStorage({ dataDir: dir, storage: { kind: 'local', bucket: 'media', region: 'us-east-1', forcePathStyle: false } });
  return {
    test,
    store,
    storage,
    dir,
    async close() {
      await store.close();
      await test.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const rows = async (db: Database, sql: string, params: unknown[] = []) => (await db.query<Record<string, unknown>>(sql, params)).rows;

/**
 * Issue 29 acceptance: a site with an upload, publishes, snapshots, schedules, contact messages and
 * an allowlist change is backed up while a write loop runs, then restored into an empty store of the
 * other kind: same live and draft records, same audit entries, same media bytes, same head hash; the
 * loop's acknowledged writes up to the manifest's position are all there.
 */
describe.each(pairs)('backup from %s restored into %s', (from, into) => {
  let s: SettingsApp;
  let target: Target;
  let dir: string;
  let photo: Buffer;
  let photoPath: string;
  let backup: BackupResult;
  const acknowledged: { value: string; at: number }[] = [];

  beforeAll(async () => {
    // The empty target first: opening it takes seconds, longer than the app keeps idle connections.
    target = await emptyTarget(into);
    s = await startSettingsApp(from);
    dir = mkdtempSync(join(tmpdir(), 'punchline-backup-'));
    const cookie = await signIn(s.app.baseUrl, ADMIN_A);
    photo = await phonePhoto({ width: 640, height: 480 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Poster.jpg');
    const uploadRes = await fetch(`${s.app.baseUrl}/api/storage/upload?duplicate=keep`, { method: 'POST', body: form, headers: { origin: s.app.baseUrl, cookie } });
    expect(uploadRes.status).toBe(201);
    photoPath = ((await uploadRes.json()) as { item: { path: string } }).item.path;

    // The photo's variants are made (so the restore has some to make again).
    for (let tries = 0; !(await s.app.runtime.store.readStream('media')).some((e) => e.type === 'MediaImageProcessed'); tries++) {
      if (tries > 600) throw new Error('the photo was never processed');
      await new Promise((r) => setTimeout(r, 50));
    }
    await lockAndSave(s.a, { site_title: 'Spring season' });
    expect((await s.a.post('/api/settings/publish', {})).status).toBe(200);
    const snapshot = await s.a.post('/api/settings/versions', { label: 'Spring', stage: 'draft' });
    expect(snapshot.status).toBe(201);
    const at = new Date(s.clock.now().getTime() + 3_600_000).toISOString();
    expect((await s.a.post('/api/settings/schedule', { at, snapshotId: snapshot.body.version.id })).status).toBe(201);
    await sendContact(s.app.baseUrl, { name: 'Ada', from: 'ada@example.com', message: 'Do you play in Lyon?' });
    expect((await s.a.put('/api/admin/allowlist', { emails: ['new-admin@example.com'] })).status).toBe(200);
  });
  afterAll(async () => {
    await s?.close();
    await target?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while a write loop runs and restores the same site into an empty store', async () => {
    const storage = s.app.app.get<MediaStorage>(MEDIA_STORAGE);
    const file = join(dir, 'site.punchline-backup');
    // The write loop: draft saves by an admin holding the lock, each acknowledged with a 200.
    expect((await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    let running = true;
    const loop = (async () => {
      for (let i = 0; running; i++) {
        const value = `loop ${i}`;
        // A connection the server closed as idle is refused before the request is read: not a write, not acknowledged.
        const res = await saveDraft(s.a, { footer_text: value }).catch((error: unknown) => {
          if (error instanceof TypeError && /fetch failed/.test(error.message)) return null;
          throw error;
        });
        if (res === null) continue;
        if (res.status !== 200) throw new Error(`the loop's save answered ${res.status}: ${JSON.stringify(res.body)}`);
        acknowledged.push({ value, at: Date.now() });
      }
    })();
    const loopFailed = loop.then(() => undefined, (error: unknown) => error);
    const acks = async (n: number) => {
      while (acknowledged.length < n) {
        const failed = await Promise.race([loopFailed, new Promise((r) => setTimeout(() => r(undefined), 20))]);
        if (failed) throw failed;
      }
    };
    await acks(3);
    const startedAt = Date.now();
    backup = await writeBackupFile({ db: s.app.db, store: s.app.runtime.store, storage, sideStores: registeredSideStores(), checkpointAt: checkpointFromTree(s.app.runtime.logTree) }, file, { appVersion: 'test' });
    await acks(acknowledged.length + 3);
    running = false;
    await loop;
    await s.app.runtime.projector.waitFor(await s.app.runtime.store.headPosition(), 5000);

    const head = backup.manifest.head!;
    expect(backup.manifest).toMatchObject({ format: 'punchline-backup', format_version: 1, event_count: head.position, media: { files: 1 } });
    expect(backup.trailer.media_missing).toEqual([]);
    // Issue 27: the signed checkpoint of the log at the backup's head, and the signing key travel with it.
    expect(backup.manifest.checkpoint).toMatch(new RegExp(`^[^\n]+\n${head.position}\n`));
    expect(backup.trailer.side_store_rows).toMatchObject({ 'log-signing-key': 1 });

    const result = await restoreBackup(file, { db: target.test.db, store: target.store, storage: target.storage, sideStores: registeredSideStores() }, {
      remakeVariants: () => remakeVariants(target.store, target.storage),
    });
    expect(result.head).toEqual(head);
    expect(result.variants).toBeGreaterThan(0);

    // Same head hash, and every event up to it identical (ids, positions, times, hashes).
    const columns = 'global_position, stream_id, stream_revision, event_id::text, type, schema_version, data::text, metadata::text, created_at, prev_hash, hash';
    const sourceEvents = await rows(s.app.db, `SELECT ${columns} FROM es.events WHERE global_position <= $1 ORDER BY global_position`, [head.position]);
    expect(await rows(target.test.db, `SELECT ${columns} FROM es.events ORDER BY global_position`)).toEqual(sourceEvents);
    expect(await target.store.verifyChain()).toMatchObject({ ok: true, head });
    // The log's constraints and indexes, dropped for the load and built after it, are the migrations' own
    // (NOT NULL left out: PGlite's PostgreSQL 17 lists those as constraints, 15 does not).
    const shape = 'SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = \'es.events\'::regclass AND contype <> \'n\' UNION ALL SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = \'es.events\'::regclass ORDER BY 1, 2';
    expect(await rows(target.test.db, shape)).toEqual(await rows(s.app.db, shape));
    expect((await rows(target.test.db, shape)).length).toBe(6);
    expect(await rows(target.test.db, 'SELECT name, seed FROM es.log_signing_key')).toEqual(await rows(s.app.db, 'SELECT name, seed FROM es.log_signing_key'));

    // Same audit entries (up to the head: the loop went on after it).
    const audit = 'SELECT position, event_id::text, stream_id, occurred_at, actor_email, action, meta FROM rm.audit_log';
    expect(await rows(target.test.db, `${audit} ORDER BY position`)).toEqual(await rows(s.app.db, `${audit} WHERE position <= $1 ORDER BY position`, [head.position]));

    // Same live record; the same draft but for the loop's field, which holds the last write up to the head.
    const stage = (db: Database, name: string) => rows(db, 'SELECT settings, stored FROM rm.site_settings WHERE stage = $1', [name]);
    expect(await stage(target.test.db, 'live')).toEqual(await stage(s.app.db, 'live'));
    const [restoredDraft] = await stage(target.test.db, 'draft');
    const [sourceDraft] = await stage(s.app.db, 'draft');
    const withoutLoop = (r: Record<string, unknown> | undefined) => ({ ...(r?.settings as object), footer_text: null });
    expect(withoutLoop(restoredDraft)).toEqual(withoutLoop(sourceDraft));
    const upToHead = (await s.app.runtime.store.readAll({ fromPosition: 0, limit: 100_000 })).filter((e) => e.globalPosition <= head.position);
    const loopValues = upToHead.flatMap((e) => {
      const tagline = (e.data as { changes?: { footer_text?: unknown } })?.changes?.footer_text;
      return e.type === 'DraftSaved' && typeof tagline === 'string' && tagline.startsWith('loop ') ? [tagline] : [];
    });
    expect((restoredDraft?.settings as { footer_text?: string }).footer_text).toBe(loopValues.at(-1));
    // Every write acknowledged before the backup started is in it, and every acknowledged write it holds came back.
    for (const ack of acknowledged.filter((a) => a.at < startedAt)) expect(loopValues).toContain(ack.value);
    expect(loopValues.length).toBeGreaterThan(0);

    // Snapshots, schedules, contact messages and the allowlist as the read models and the log have them.
    expect(await rows(target.test.db, 'SELECT id, label FROM rm.settings_versions ORDER BY id')).toEqual(await rows(s.app.db, 'SELECT id, label FROM rm.settings_versions ORDER BY id'));
    expect(await rows(target.test.db, 'SELECT * FROM rm.contact_responses ORDER BY 1')).toEqual(await rows(s.app.db, 'SELECT * FROM rm.contact_responses ORDER BY 1'));
    // Issue 28: the message's personal data lives in the privacy store, which travels as a side store.
    const privacy = 'SELECT r.record_id::text, r.message_id::text, r.sealed, k.key FROM privacy.records r JOIN privacy.subject_keys k USING (subject_id) ORDER BY 1';
    const sealed = await rows(s.app.db, privacy);
    expect(sealed.length).toBeGreaterThan(0);
    expect(await rows(target.test.db, privacy)).toEqual(sealed);
    expect(await rows(target.test.db, 'SELECT key FROM privacy.lookup_key')).toEqual(await rows(s.app.db, 'SELECT key FROM privacy.lookup_key'));
    const types = (await target.store.readAll({ fromPosition: 0, limit: 100_000 })).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['MediaUploaded', 'Published', 'PublishScheduled', 'AllowlistChanged']));

    // Same media bytes; the variants the log lists exist again.
    const restoredBytes = await target.storage.read(photoPath);
    const chunks: Buffer[] = [];
    for await (const chunk of restoredBytes!.body) chunks.push(chunk as Buffer);
    const original = await storage.read(photoPath);
    const originalChunks: Buffer[] = [];
    for await (const chunk of original!.body) originalChunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.concat(originalChunks))).toBe(true);
    expect((await target.storage.list('_variants/')).length).toBe(result.variants);
  });

  it("compares the restored log's tree with the manifest's checkpoint, and names a tree that differs", async () => {
    // What the restore checked last: the tree it built holds the checkpoint's size and root.
    await expect(verifyRestoredCheckpoint(target.test.db, backup.manifest)).resolves.toBeUndefined();
    // Every stored hash altered (a tree built wrong, or edited behind the log's back): the root differs.
    const flip = 'UPDATE es.merkle_tiles SET hashes = set_byte(hashes, 0, (get_byte(hashes, 0) + 1) % 256)';
    await target.test.db.query(flip);
    try {
      await expect(verifyRestoredCheckpoint(target.test.db, backup.manifest)).rejects.toThrow(
        new RegExp(`^the restored log does not match the manifest's checkpoint: its tree's root at ${backup.manifest.event_count} events is \\S+, the checkpoint names \\S+$`),
      );
    } finally {
      await target.test.db.query('UPDATE es.merkle_tiles SET hashes = set_byte(hashes, 0, (get_byte(hashes, 0) + 255) % 256)');
    }
    await expect(verifyRestoredCheckpoint(target.test.db, backup.manifest)).resolves.toBeUndefined();
  });

  it('refuses to restore into a store that is not empty, naming what it found', async () => {
    await expect(restoreBackup(join(dir, 'site.punchline-backup'), { db: target.test.db, store: target.store, storage: target.storage, sideStores: registeredSideStores() })).rejects.toThrow(
      /not empty: the event store holds \d+ events \(head at position \d+\); the media storage holds \d+ files? \(/,
    );
  });
});
