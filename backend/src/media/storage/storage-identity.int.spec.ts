import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, ensureReadModels } from '@punchline/projections';
import { migrate } from '../../platform/database/migrations';
import { sharedStateMigration } from '../../platform/shared-state/shared-state.migration';
import { type TestDatabase, createTestDatabase, databaseKinds } from '../../test-support/test-database';
import { LocalMediaStorage } from './local-media-storage';
import { STORAGE_MARKER_PATH, StorageIdentityError, ensureStorageIdentity, readMarker } from './storage-identity';

describe.each(databaseKinds())('media storage identity on %s (DESIGN §18)', (kind) => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'punchline-identity-'));
    dirs.push(dir);
    return new LocalMediaStorage(dir);
  };
  const databases: TestDatabase[] = [];
  const database = async () => {
    const test = await createTestDatabase(kind, 3);
    databases.push(test);
    await migrate(test.db, [sharedStateMigration]);
    await ensureReadModels(test.db, allProjections());
    return test.db;
  };
  afterAll(async () => {
    for (const test of databases) await test.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('marks a new library on first start, accepts its storage again, and refuses another, naming both', async () => {
    const db = await database();
    const a = folder();
    const first = await ensureStorageIdentity(db, a, 'local folder A');
    expect(first).toMatchObject({ kind: 'local', where: 'local folder A' });
    expect((await readMarker(a))?.id).toBe(first.id);
    expect(await ensureStorageIdentity(db, a, 'local folder A')).toEqual(first);

    const b = folder();
    const refused = ensureStorageIdentity(db, b, 'local folder B');
    await expect(refused).rejects.toThrow(StorageIdentityError);
    await expect(refused).rejects.toThrow(new RegExp(`local folder B\\) has no library marker, but the database's media library is ${first.id} in local folder A`));
    // Another library's marker is named too.
    const other = await ensureStorageIdentity(await database(), b, 'local folder B');
    await expect(ensureStorageIdentity(db, b, 'local folder B')).rejects.toThrow(`holds library ${other.id}`);
    expect(await b.head(STORAGE_MARKER_PATH)).not.toBeNull();
  });

  it('upgrades a database whose library predates the marker: its storage is adopted, a storage without its files refused', async () => {
    const db = await database();
    await db.query(
      `INSERT INTO rm.media_files (path, name, size, mime_type, created_at, updated_at, position) VALUES ('poster.png', 'poster.png', 3, 'image/png', now(), now(), 1)`,
    );
    const empty = folder();
    await expect(ensureStorageIdentity(db, empty, 'local folder new')).rejects.toThrow(/lists 1 media file\(s\), but none of poster\.png is in this instance's media storage \(local folder new\)/);
    expect(await empty.head(STORAGE_MARKER_PATH)).toBeNull();

    const library = folder();
    await library.put('poster.png', Buffer.from('png'), 'image/png');
    const adopted = await ensureStorageIdentity(db, library, 'local folder old');
    expect((await readMarker(library))?.id).toBe(adopted.id);
  });

  it('gives two instances starting together on a new database one identity', async () => {
    const db = await database();
    const shared = folder();
    const [x, y] = await Promise.all([ensureStorageIdentity(db, shared, 'same'), ensureStorageIdentity(db, shared, 'same')]);
    expect(x.id).toBe(y.id);
  });
});
