import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@punchline/projections';
import { allProjections, ensureReadModels } from '@punchline/projections';
import { migrate } from '../../platform/database/migrations';
import { sharedStateMigration } from '../../platform/shared-state/shared-state.migration';
import { createTestDatabase, postgresUrl, type TestDatabase, withAppDatabase } from '../../test-support/test-database';
import { LocalMediaStorage } from './local-media-storage';
import { S3MediaStorage } from './s3-media-storage';
import { STORAGE_MARKER_PATH, StorageIdentityError, ensureStorageIdentity, readMarker, writeMarker } from './storage-identity';
import { type TestS3Server, startTestS3Server } from '../test-support/s3-server';
import { spawnCli } from '../../cli/test-support/cli-process';

const FILES = 200;

/** `npm run media:migrate -- --to s3` (issue 30): 200 files, killed half-way, run again: every byte in S3. */
describe(`media:migrate --to s3 on ${postgresUrl() ? 'postgres' : 'pglite'}`, () => {
  let s3: TestS3Server;
  let dataDir: string;
  let test: TestDatabase | null = null;
  let env: Record<string, string>;
  const originals = new Map<string, Buffer>();

  /** The database as the tool sees it (PGlite is one process: opened only while no tool runs). */
  function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    return withAppDatabase(test, dataDir, fn);
  }

  beforeAll(async () => {
    s3 = await startTestS3Server('migrated-media');
    dataDir = mkdtempSync(join(tmpdir(), 'punchline-migrate-'));
    if (postgresUrl()) test = await createTestDatabase('postgres', 3);
    env = { ...s3.env, STORAGE: 'local', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(test?.url ? { DATABASE_URL: test.url } : {}) };
    const local = new LocalMediaStorage(join(dataDir, 'media'));
    for (let i = 0; i < FILES; i++) {
      // Originals and variant-like keys in folders, 1–40 KB each.
      const path = i % 5 === 0 ? `_variants/${i.toString(16).padStart(8, '0')}/320.webp` : `${i % 3 === 0 ? 'season/' : ''}file-${i}.jpg`;
      const bytes = randomBytes(1024 + ((i * 7919) % (39 * 1024)));
      originals.set(path, bytes);
      await local.put(path, bytes, 'image/jpeg');
    }
    await withDatabase(async (db) => {
      await migrate(db, [sharedStateMigration]);
      await ensureReadModels(db, allProjections());
      await ensureStorageIdentity(db, local, 'local folder');
    });
  }, 120_000);

  afterAll(async () => {
    await test?.drop();
    await s3?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies with progress, survives SIGKILL half-way, completes on the rerun with every byte equal, and switches the marker', async () => {
    const first = spawnCli(['--to', 's3'], env, 'mediaMigrate');
    let stderr = '';
    // The bar redraws one line (\r), so the test reads the raw stream.
    const halfWay = new Promise<void>((resolve) => {
      first.child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const counts = [...stderr.matchAll(/\] (\d+)\/200/g)].map((m) => Number(m[1]));
        if (counts.some((n) => n >= FILES / 2)) resolve();
      });
    });
    await halfWay;
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(stderr).toContain(`Copying ${FILES} file(s) from local folder`);

    const target = new S3MediaStorage({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    try {
      const copiedBefore = (await target.list()).length;
      expect(copiedBefore).toBeGreaterThanOrEqual(FILES / 2 - 4);
      expect(copiedBefore).toBeLessThan(FILES);
      expect(await target.head(STORAGE_MARKER_PATH)).toBeNull();

      const second = spawnCli(['--to', 's3'], env, 'mediaMigrate');
      expect((await second.exited).code).toBe(0);
      const done = /Done: (\d+) copied, (\d+) already there with equal bytes\. The library is now (\S+) in S3 bucket migrated-media/.exec(second.output());
      expect(done).not.toBeNull();
      expect(Number(done![1]) + Number(done![2])).toBe(FILES);
      expect(Number(done![2])).toBeGreaterThanOrEqual(copiedBefore - 4);

      const listed = (await target.list()).filter((o) => o.path !== STORAGE_MARKER_PATH);
      expect(listed.map((o) => o.path).sort()).toEqual([...originals.keys()].sort());
      for (const [path, bytes] of originals) {
        const stream = await target.read(path);
        const chunks: Buffer[] = [];
        for await (const chunk of stream!.body) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      }
      // The switch: the bucket is the library now; the folder is refused, naming both.
      const id = done![3]!;
      expect((await readMarker(target))?.id).toBe(id);
      await withDatabase(async (db) => {
        expect((await ensureStorageIdentity(db, target, 'bucket')).id).toBe(id);
        await expect(ensureStorageIdentity(db, new LocalMediaStorage(join(dataDir, 'media')), 'the old folder')).rejects.toThrow(StorageIdentityError);
      });
      // A third run finds nothing to do.
      const third = spawnCli(['--to', 's3'], env, 'mediaMigrate');
      expect((await third.exited).code).toBe(0);
      expect(third.output()).toContain(`is already in S3 bucket migrated-media`);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a bucket that holds another library, copying nothing', async () => {
    const other = await startTestS3Server('someone-elses');
    const bucket = new S3MediaStorage({ bucket: other.bucket, endpoint: other.endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    try {
      await writeMarker(bucket, 'another-sites-library', 'elsewhere');
      const run = spawnCli(['--to', 's3'], { ...env, ...other.env }, 'mediaMigrate');
      expect((await run.exited).code).toBe(1);
      expect(run.output()).toContain('S3 bucket someone-elses at');
      expect(run.output()).toContain('already holds another media library (another-sites-library): nothing was copied');
      expect((await bucket.list()).map((o) => o.path)).toEqual([STORAGE_MARKER_PATH]);
    } finally {
      await bucket.close();
      await other.stop();
    }
  }, 60_000);

  it('says how to call it', async () => {
    const run = spawnCli([], env, 'mediaMigrate');
    expect((await run.exited).code).toBe(2);
    expect(run.output()).toContain('Usage: npm run media:migrate -- --to s3');
  }, 30_000);
});
