import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, ensureReadModels } from '@punchline/projections';
import { createMediaStorage } from '../media';
import { openDatabase } from '../platform/database/open-database';
import { migrate } from '../platform/database/migrations';
import { createEventStore, eventStoreMigrations } from '../platform/event-store/create-event-store';
import { spawnCli } from '../cli/test-support/cli-process';
import { BackupInvalidError, ensureBackupTables, registeredSideStores, restoreBackup, validateBackup } from '.';

const run = (args: string[], dataDir: string) => spawnCli(args, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' }, 'backup');

/**
 * Issue 29 acceptance: SIGKILL during a backup leaves no file restore accepts (temp name, renamed at
 * the end; a partial file has no trailer); SIGKILL during a restore leaves a store that the next
 * restore refuses with a clear message. Real processes on PGlite data directories.
 */
describe('backup and restore killed with SIGKILL', () => {
  let root: string;
  const source = () => join(root, 'source');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'punchline-kill-'));
    const db = await openDatabase({ dataDir: source() });
    await migrate(db, eventStoreMigrations);
    const store = createEventStore({ eventStore: 'postgres' }, db);
    const payload = 'x'.repeat(2000);
    for (let batch = 0; batch < 40; batch++) {
      await store.append(`thing-${batch}`, Array.from({ length: 100 }, (_, i) => ({ eventId: randomUUID(), type: 'ThingHappened', data: { i, payload }, metadata: { actorEmail: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } })), { expectedRevision: 'any' });
    }
    const storage = createMediaStorage({ dataDir: source(), storage: { kind: 'local', bucket: 'media', region: 'us-east-1', forcePathStyle: false } });
    for (let i = 0; i < 4; i++) {
      const path = `clip-${i}.mp4`;
      await storage.put(path, Buffer.alloc(8 * 1024 * 1024, i), 'video/mp4');
      await store.append('media', [{ eventId: randomUUID(), type: 'MediaUploaded', data: { path, name: path, originalName: path, size: 8 * 1024 * 1024, mimeType: 'video/mp4', sha256: 'x' }, metadata: { actorEmail: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } }], { expectedRevision: 'any' });
    }
    await store.close();
    await db.close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a backup killed mid-way leaves no file under its name, and what it left is refused', async () => {
    const out = join(root, 'out', 'site.backup');
    rmSync(join(root, 'out'), { recursive: true, force: true });
    mkdirSync(join(root, 'out'));
    const backup = run(['backup', '--out', out], source());
    await backup.waitForLine(/^media…/, 90_000);
    backup.child.kill('SIGKILL');
    await backup.exited;
    expect(existsSync(out)).toBe(false);
    const left = readdirSync(join(root, 'out'));
    expect(left.length).toBeLessThanOrEqual(1);
    for (const name of left) {
      await expect(validateBackup(join(root, 'out', name), { sideStores: registeredSideStores() })).rejects.toThrow(BackupInvalidError);
      await expect(validateBackup(join(root, 'out', name), { sideStores: registeredSideStores() })).rejects.toThrow(/cut short|no trailer/);
    }
  });

  it('a restore killed mid-way leaves a store the next restore refuses in words', async () => {
    const file = join(root, 'whole.backup');
    const backup = run(['backup', '--out', file], source());
    expect((await backup.exited).code).toBe(0);
    expect(backup.output()).toMatch(/Backed up 4004 events/);

    const target = join(root, 'target');
    const restore = run(['restore', file], target);
    await restore.waitForLine(/^media…/, 90_000);
    restore.child.kill('SIGKILL');
    await restore.exited;

    const db = await openDatabase({ dataDir: target });
    try {
      await ensureReadModels(db, allProjections());
      await ensureBackupTables(db);
      const store = createEventStore({ eventStore: 'postgres' }, db);
      const storage = createMediaStorage({ dataDir: target, storage: { kind: 'local', bucket: 'media', region: 'us-east-1', forcePathStyle: false } });
      await expect(restoreBackup(file, { db, store, storage, sideStores: registeredSideStores() })).rejects.toThrow(
        new RegExp(`an earlier restore of ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(started .*\\) did not finish: empty the database and the media storage, then restore again`),
      );
      await store.close();
    } finally {
      await db.close();
    }
  });
});
