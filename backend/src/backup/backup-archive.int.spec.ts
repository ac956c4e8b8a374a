import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, ensureReadModels, type Database } from '@punchline/projections';
import { createMediaStorage, type MediaStorage } from '../media';
import { migrate } from '../platform/database/migrations';
import { createEventStore, eventStoreMigrations, storeProjections, type VerifiableEventStore } from '../platform/event-store/create-event-store';
import { EventStoreDbEventStore } from '@punchline/eventstoredb';
import { InMemoryEventStoreDb } from '@punchline/eventstoredb/test-support';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { LogTree } from '../platform/log-tree/log-tree';
import { postgresLeafSource } from '../platform/log-tree/leaf-source';
import { generateSeed, openNote, signNote, signerFromSeed } from '../platform/log-tree/signed-note';
import { logSigningKeySideStore } from './log-signing-key.side-store';
import { BackupInvalidError, checkpointFromTree, ensureBackupTables, restoreBackup, validateBackup, writeBackupFile, type BackupSideStore } from '.';

/**
 * Issue 29: what restore refuses (truncated, corrupted, tampered, wrong passphrase: before anything
 * is written, naming what is wrong), the side-store extension point with its erasures, and a restore
 * into EventStoreDB (over the contract suite's in-memory emulation: it checks our reading of the
 * server's rules, not the server).
 */
interface Site {
  test: TestDatabase;
  store: VerifiableEventStore;
  storage: MediaStorage;
  close(): Promise<void>;
}

const localStorage = (dir: string) => createMediaStorage({ dataDir: dir, storage: { kind: 'local', bucket: 'media', region: 'us-east-1', forcePathStyle: false } });

async function openSite(dir: string, options: { esdb?: boolean } = {}): Promise<Site> {
  const test = await createTestDatabase('pglite');
  await migrate(test.db, eventStoreMigrations);
  await ensureReadModels(test.db, allProjections());
  await ensureBackupTables(test.db);
  await test.db.query('CREATE SCHEMA IF NOT EXISTS privacy; CREATE TABLE IF NOT EXISTS privacy.people (ref text PRIMARY KEY, email text NOT NULL)');
  const store = options.esdb ? new EventStoreDbEventStore(new InMemoryEventStoreDb(), test.db) : createEventStore({ eventStore: 'postgres' }, test.db);
  const storage = localStorage(dir);
  return { test, store, storage, close: async () => (await store.close(), await test.drop()) };
}

const metadata = () => ({ actorEmail: 'a@example.com', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

/** A test provider standing in for issue 28's personal-data store: rows by opaque reference, erased by a PersonForgotten event (its own type: the read models know issue 28's PersonalDataErased and its shape). */
const people: BackupSideStore = {
  name: 'people',
  async describeContents(db: Database) {
    const n = Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM privacy.people')).rows[0]?.n ?? 0);
    return n > 0 ? `${n} people` : null;
  },
  async *rows(db: Database) {
    for (const row of (await db.query<{ ref: string; email: string }>('SELECT ref, email FROM privacy.people ORDER BY ref')).rows) yield row;
  },
  validate(row) {
    if (typeof row.ref !== 'string' || typeof row.email !== 'string') throw new Error('a person needs ref and email');
  },
  async restore(db: Database, rows) {
    for (const row of rows) await db.query('INSERT INTO privacy.people (ref, email) VALUES ($1, $2)', [row.ref, row.email]);
  },
  erasureIn(event) {
    return event.type === 'PersonForgotten' ? { references: [(event.data as { ref: string }).ref], position: event.globalPosition } : null;
  },
  async erase(db: Database, erasure) {
    return (await db.query('DELETE FROM privacy.people WHERE ref = ANY($1::text[])', [erasure.references])).rowCount ?? 0;
  },
};

describe('backup archive checks', () => {
  let dir: string;
  let source: Site;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'punchline-archive-'));
    source = await openSite(join(dir, 'source'));
    for (let i = 0; i < 30; i++) await source.store.append(`thing-${i % 4}`, [{ eventId: randomUUID(), type: 'ThingHappened', data: { i, text: `é ${i}` }, metadata: metadata() }], { expectedRevision: 'any' });
    await source.storage.put('poster.png', Buffer.alloc(200_000, 3), 'image/png');
    await source.store.append('media', [{ eventId: randomUUID(), type: 'MediaUploaded', data: { path: 'poster.png', name: 'poster.png', originalName: 'poster.png', size: 200_000, mimeType: 'image/png', sha256: 'x' }, metadata: metadata() }], { expectedRevision: 'any' });
    await source.test.db.query("INSERT INTO privacy.people (ref, email) VALUES ('p1', 'ada@example.com'), ('p2', 'bob@example.com')");
    file = join(dir, 'site.backup');
    await writeBackupFile({ db: source.test.db, store: source.store, storage: source.storage, sideStores: [people] }, file, { appVersion: 'test' });
  });
  afterAll(async () => {
    await source?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const variant = (name: string, bytes: Buffer): string => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const refusal = async (path: string, passphrase?: string): Promise<string> => {
    const error = await validateBackup(path, { sideStores: [people], passphrase }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(BackupInvalidError);
    return (error as Error).message;
  };

  it('accepts the untouched file', async () => {
    const checked = await validateBackup(file, { sideStores: [people] });
    expect(checked.manifest).toMatchObject({ event_count: 31, media: { files: 1 }, side_stores: ['people'] });
    expect(checked.trailer.side_store_rows).toEqual({ people: 2 });
  });

  it('refuses a truncated, corrupted or tampered file, naming what is wrong', async () => {
    const bytes = readFileSync(file);
    // Cut anywhere: inside the media, just before the trailer, mid-header.
    expect(await refusal(variant('cut-half.backup', bytes.subarray(0, Math.floor(bytes.length / 2))))).toMatch(/cut short|no trailer/);
    expect(await refusal(variant('cut-end.backup', bytes.subarray(0, bytes.length - 1536)))).toMatch(/cut short|no trailer/);
    expect(await refusal(variant('empty.backup', Buffer.alloc(0)))).toMatch(/empty|not a backup/);
    // A flipped byte in the media file: its checksum no longer matches the trailer.
    const media = bytes.indexOf(Buffer.alloc(64, 3));
    const flipped = Buffer.from(bytes);
    flipped[media + 10] = 4;
    expect(await refusal(variant('flipped.backup', flipped))).toMatch(/media\/poster\.png does not match its checksum in the trailer/);
    // An event edited in place (same length): the hash chain names it.
    const text = bytes.toString('latin1');
    const at = text.indexOf('"text":"');
    const edited = Buffer.from(bytes);
    edited.write('X', at + 8, 'latin1');
    expect(await refusal(variant('edited.backup', edited))).toMatch(/the event log does not verify at position \d+ .*hash does not match/);
    expect(await refusal(variant('not-a-backup.backup', Buffer.from('hello world, not a tar file at all'.repeat(40))))).toMatch(/not a|cannot be read|cut short/);
  });

  it('encrypts with BACKUP_PASSPHRASE and refuses a wrong passphrase, a cut or an altered encrypted file', async () => {
    const encrypted = join(dir, 'site.encrypted');
    await writeBackupFile({ db: source.test.db, store: source.store, storage: source.storage, sideStores: [people] }, encrypted, { appVersion: 'test', passphrase: 'correct horse' });
    const bytes = readFileSync(encrypted);
    expect(bytes.includes(Buffer.from('punchline-backup'))).toBe(false);
    expect((await validateBackup(encrypted, { sideStores: [people], passphrase: 'correct horse' })).manifest.event_count).toBe(31);
    expect(await refusal(encrypted)).toMatch(/encrypted: set BACKUP_PASSPHRASE/);
    expect(await refusal(encrypted, 'wrong')).toMatch(/wrong BACKUP_PASSPHRASE/);
    expect(await refusal(variant('enc-cut.backup', bytes.subarray(0, bytes.length - 100)), 'correct horse')).toMatch(/cut short/);
    const altered = Buffer.from(bytes);
    altered[altered.length - 40] ^= 1;
    expect(await refusal(variant('enc-altered.backup', altered), 'correct horse')).toMatch(/does not authenticate|damaged/);
  });

  it('writes nothing when the file is refused', async () => {
    const target = await openSite(join(dir, 'refused-target'));
    try {
      const bytes = readFileSync(file);
      await expect(restoreBackup(variant('cut-again.backup', bytes.subarray(0, bytes.length - 1536)), { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people] })).rejects.toThrow(BackupInvalidError);
      expect(await target.store.headPosition()).toBe(0);
      expect(await target.storage.list('')).toEqual([]);
      expect((await target.test.db.query('SELECT * FROM es.restore_runs')).rows).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('writes no media file whose bytes changed after the file was checked', async () => {
    // Given a copy of the backup that is altered in place once the first pass has read its media
    // (the whole small file is in that pass's first read) …
    const copy = variant('altered-during.backup', readFileSync(file));
    const bytes = readFileSync(copy);
    const media = bytes.indexOf(Buffer.alloc(64, 3));
    let altered = false;
    const target = await openSite(join(dir, 'altered-during-target'));
    try {
      const restored = restoreBackup(copy, { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people] }, {
        onProgress: (p) => {
          if (p.phase === 'checking' && p.mediaFiles === 1 && !altered) {
            altered = true;
            const changed = Buffer.from(bytes);
            changed[media + 10] = 4;
            writeFileSync(copy, changed);
          }
        },
      });
      // … the restore fails naming the file's entry, and leaves no media file behind.
      await expect(restored).rejects.toThrow(/media\/poster\.png changed after the file was checked/);
      expect(altered).toBe(true);
      expect(await target.storage.list('')).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it("refuses a checkpoint whose signature does not verify with the log's key, before anything is written", async () => {
    // Given a backup signed as the site signs (the key travels in the side stores) …
    const sideStores = [people, logSigningKeySideStore];
    const tree = await LogTree.open(source.test.db, postgresLeafSource, { keyName: 'example.org/punchline-log' });
    await tree.catchUp();
    const signed = checkpointFromTree(tree)!;
    const backupWith = async (name: string, checkpointAt: typeof signed): Promise<string> => {
      const path = join(dir, name);
      await writeBackupFile({ db: source.test.db, store: source.store, storage: source.storage, sideStores, checkpointAt }, path, { appVersion: 'test' });
      return path;
    };
    const good = await backupWith('signed.backup', signed);
    expect((await validateBackup(good, { sideStores })).manifest.checkpoint).toMatch(/^example\.org\/punchline-log\n31\n/);
    // … when its checkpoint line is re-signed with another key under the log's name, or has a signature byte altered
    // (the file made whole again around it: trailer checksums and Merkle root all agree) …
    const stranger = signerFromSeed('example.org/punchline-log', generateSeed());
    const forged = await backupWith('forged.backup', async (head) => signNote(openNote((await signed(head))!).text, stranger));
    const altered = await backupWith('altered.backup', async (head) => {
      const note = (await signed(head))!;
      const signature = /— \S+ (\S+)\n$/.exec(note)![1]!;
      const bytes = Buffer.from(signature, 'base64');
      bytes[bytes.length - 1] ^= 1;
      return note.replace(signature, bytes.toString('base64'));
    });
    // … then restore refuses each, naming the checkpoint's signature, and writes nothing.
    const target = await openSite(join(dir, 'signature-target'));
    try {
      for (const path of [forged, altered]) {
        const error = await restoreBackup(path, { db: target.test.db, store: target.store, storage: target.storage, sideStores }).then(() => null, (e: unknown) => e);
        expect(error).toBeInstanceOf(BackupInvalidError);
        expect((error as Error).message).toMatch(/the manifest's checkpoint signature does not verify with the log's key \(example\.org\/punchline-log\+[0-9a-f]{8}\+/);
      }
      expect(await target.store.headPosition()).toBe(0);
      expect(await target.storage.list('')).toEqual([]);
      expect((await target.test.db.query('SELECT * FROM es.restore_runs')).rows).toEqual([]);
      // A site signing with LOG_SIGNING_KEY keeps no key beside the log: restore verifies with the configured one, and refuses without it.
      const keyless = [people, { ...logSigningKeySideStore, checkpointVerifiers: undefined }];
      const error = await validateBackup(good, { sideStores: keyless }).then(() => null, (e: unknown) => e);
      expect((error as Error).message).toMatch(/neither the backup nor LOG_SIGNING_KEY holds a key to verify it with/);
      expect((await validateBackup(good, { sideStores: keyless, checkpointKeys: [tree.signer] })).manifest.event_count).toBe(31);
    } finally {
      await target.close();
    }
  });

  it('restores side-store rows and re-applies erasures recorded after the backup', async () => {
    // After the backup, the source erases p2 (as issue 28 records PersonalDataErased); its later log is exported.
    await source.store.append('privacy', [{ eventId: randomUUID(), type: 'PersonForgotten', data: { ref: 'p2' }, metadata: metadata() }], { expectedRevision: 'any' });
    const later = join(dir, 'later.backup');
    await writeBackupFile({ db: source.test.db, store: source.store, storage: source.storage, sideStores: [people] }, later, { appVersion: 'test' });
    const target = await openSite(join(dir, 'side-target'));
    try {
      const result = await restoreBackup(file, { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people] }, { erasuresFrom: later });
      expect(result.erasures).toEqual({ applied: 1, rows: 1 });
      expect((await target.test.db.query('SELECT ref FROM privacy.people ORDER BY ref')).rows).toEqual([{ ref: 'p1' }]);
      // The log itself is the backup's: the erasure event is not copied into it.
      expect(await target.store.headPosition()).toBe(31);
    } finally {
      await target.close();
    }
  });

  it('carries out an erasure its own log records once the side stores are back, though the backup still held the rows', async () => {
    // later.backup (previous test) records p2 forgotten, and p2's row is in it too: nothing had erased it yet.
    const target = await openSite(join(dir, 'in-log-target'));
    try {
      expect((await validateBackup(join(dir, 'later.backup'), { sideStores: [people] })).trailer.side_store_rows).toEqual({ people: 2 });
      await restoreBackup(join(dir, 'later.backup'), { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people] });
      expect((await target.test.db.query('SELECT ref FROM privacy.people ORDER BY ref')).rows).toEqual([{ ref: 'p1' }]);
      expect(await target.store.headPosition()).toBe(32);
    } finally {
      await target.close();
    }
  });

  it('takes the erasures from an audit export as well (its checkpoint line included)', async () => {
    const exported = join(dir, 'later.ndjson');
    const lines = ['{"format":"punchline-event-log","version":1,"gapless":true}'];
    for await (const line of source.store.exportLines()) lines.push(line);
    lines.push(JSON.stringify({ checkpoint: 'example.org/punchline-log\n1\nAAAA\n' }));
    writeFileSync(exported, `${lines.join('\n')}\n`);
    const target = await openSite(join(dir, 'export-target'));
    try {
      const result = await restoreBackup(file, { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people] }, { erasuresFrom: exported });
      expect(result.erasures).toEqual({ applied: 1, rows: 1 });
      expect((await target.test.db.query('SELECT ref FROM privacy.people ORDER BY ref')).rows).toEqual([{ ref: 'p1' }]);
    } finally {
      await target.close();
    }
  });

  it('refuses erasures from the log of another site', async () => {
    const other = await openSite(join(dir, 'other'));
    const target = await openSite(join(dir, 'other-target'));
    try {
      await other.store.append('x', [{ eventId: randomUUID(), type: 'PersonForgotten', data: { ref: 'p1' }, metadata: metadata() }], { expectedRevision: 'any' });
      const otherFile = join(dir, 'other.backup');
      await writeBackupFile({ db: other.test.db, store: other.store, storage: other.storage, sideStores: [people] }, otherFile, { appVersion: 'test' });
      await expect(restoreBackup(file, { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people] }, { erasuresFrom: otherFile })).rejects.toThrow(/not the log this backup was taken from/);
      expect(await target.store.headPosition()).toBe(0);
    } finally {
      await other.close();
      await target.close();
    }
  });

  it('refuses to back up a site whose event store is EventStoreDB, saying so, and leaves no file', async () => {
    const esdb = await openSite(join(dir, 'esdb-source'), { esdb: true });
    try {
      await esdb.store.append('thing-0', [{ eventId: randomUUID(), type: 'ThingHappened', data: { i: 0 }, metadata: metadata() }], { expectedRevision: 'any' });
      const path = join(dir, 'esdb.backup');
      // Refused before the temporary file's asynchronous open completes: tried a few times, since the
      // file left behind came from that race (its removal ran before the file existed).
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await expect(writeBackupFile({ db: esdb.test.db, store: esdb.store, storage: esdb.storage, sideStores: [people] }, path, { appVersion: 'test' })).rejects.toThrow(
          /backups are taken from the postgres event store \(PGlite or PostgreSQL\); an EventStoreDB store can be restored into, not backed up/,
        );
        expect(readdirSync(dir).filter((name) => name.includes('esdb.backup'))).toEqual([]);
      }
      // Into a folder that does not exist: the refusal is what is reported (the file's own error is not, nor left unhandled).
      await expect(writeBackupFile({ db: esdb.test.db, store: esdb.store, storage: esdb.storage, sideStores: [people] }, join(dir, 'missing', 'esdb.backup'), { appVersion: 'test' })).rejects.toThrow(
        /an EventStoreDB store can be restored into, not backed up/,
      );
    } finally {
      await esdb.close();
    }
  });

  it('restores into EventStoreDB (in-memory emulation): same events in order, read models rebuilt, media back', async () => {
    const target = await openSite(join(dir, 'esdb-target'), { esdb: true });
    try {
      const result = await restoreBackup(file, { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people], storeProjections: storeProjections(target.store) });
      expect(result.events).toBe(31);
      const restored = await target.store.readAll({ fromPosition: 0, limit: 1000 });
      const original = await source.store.readAll({ fromPosition: 0, limit: 31 });
      expect(restored.map((e) => [e.eventId, e.streamId, e.streamRevision, e.type, e.data])).toEqual(original.map((e) => [e.eventId, e.streamId, e.streamRevision, e.type, e.data]));
      expect((await target.test.db.query<{ path: string }>('SELECT path FROM rm.media_files')).rows.map((r) => r.path)).toEqual(['poster.png']);
      expect((await target.storage.list('')).map((o) => o.path)).toEqual(['poster.png']);
      expect((await target.store.verifyChain()).ok).toBe(true);
      // Not empty any more: a second restore is refused in words.
      await expect(restoreBackup(file, { db: target.test.db, store: target.store, storage: target.storage, sideStores: [people] })).rejects.toThrow(/not empty: the event store holds events/);
    } finally {
      await target.close();
    }
  });
});
