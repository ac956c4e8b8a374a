import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { freePort } from '../test-support/test-app';
import { startTestS3Server, type TestS3Server } from '../media/test-support/s3-server';
import { BACKUP_STORAGE_UNAVAILABLE_TEXT, backupName, openBackupTarget, type BackupTarget } from './backup-targets';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

type Storage = Parameters<typeof openBackupTarget>[0]['storage'];
const s3Storage = (endpoint: string): Storage => ({ kind: 's3', bucket: 'media', endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
const config = (dir: string, storage: Storage) => ({ backup: { dir, everyMs: 86_400_000, keep: 7 }, storage });

/** BACKUP_DIR as a folder and as s3://bucket/prefix (s3rver on loopback): the same behaviour through BackupTarget. */
describe.each([
  ['a folder', async () => ({ dir: mkdtempSync(join(tmpdir(), 'punchline-backups-')), storage: s3Storage('http://127.0.0.1:1'), s3: null as TestS3Server | null })],
  [
    's3://bucket/prefix (s3rver)',
    async () => {
      const s3 = await startTestS3Server('punchline-backups');
      return { dir: 's3://punchline-backups/site-a/nightly', storage: s3Storage(s3.endpoint), s3 };
    },
  ],
])('BACKUP_DIR as %s', (_kind, setUp) => {
  let target: BackupTarget;
  let work: string;
  let s3: TestS3Server | null = null;
  let dir: string;
  beforeAll(async () => {
    const made = await setUp();
    s3 = made.s3;
    dir = made.dir;
    target = (await openBackupTarget(config(made.dir, made.storage)))!;
    work = mkdtempSync(join(tmpdir(), 'punchline-backup-work-'));
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(work, { recursive: true, force: true });
    if (!dir.startsWith('s3://')) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps finished files under their names, lists them newest first with sizes, reads them back, deletes them', async () => {
    expect(target.description).toBe(dir.startsWith('s3://') ? `${dir}/` : dir);
    expect(await target.list()).toEqual([]);
    const older = backupName(new Date('2026-12-01T03:00:00.000Z'), false);
    const newer = backupName(new Date('2026-12-02T03:00:00.123Z'), true);
    for (const [name, bytes] of [
      [older, Buffer.from('older backup')],
      [newer, Buffer.from('newer, encrypted backup')],
    ] as const) {
      const file = join(work, `${name}.partial`);
      writeFileSync(file, bytes);
      await target.keep(file, name);
    }
    expect(await target.list()).toEqual([
      { name: newer, size: 23, createdAt: '2026-12-02T03:00:00.123Z' },
      { name: older, size: 12, createdAt: '2026-12-01T03:00:00.000Z' },
    ]);
    const read = (await target.read(newer))!;
    expect([read.size, (await bytesOf(read.body)).toString()]).toEqual([23, 'newer, encrypted backup']);
    expect(await target.read('punchline-backup-20261203T030000Z.tar')).toBeNull();
    expect(await target.read('../etc/passwd')).toBeNull();
    await target.delete(older);
    expect((await target.list()).map((b) => b.name)).toEqual([newer]);
  });
});

describe('BACKUP_DIR on a bucket that cannot be reached', () => {
  it('names the backup storage (503), not the database, and does not read it as "no such backup"', async () => {
    const target = (await openBackupTarget(config('s3://punchline-backups/nightly', s3Storage(`http://127.0.0.1:${await freePort()}`))))!;
    const unavailable = { code: 'UNAVAILABLE', message: BACKUP_STORAGE_UNAVAILABLE_TEXT };
    await expect(target.list()).rejects.toMatchObject(unavailable);
    await expect(target.read(backupName(new Date('2026-12-02T03:00:00Z'), false))).rejects.toMatchObject(unavailable);
    const work = mkdtempSync(join(tmpdir(), 'punchline-backup-work-'));
    try {
      const file = join(work, 'partial');
      writeFileSync(file, 'x');
      await expect(target.keep(file, backupName(new Date('2026-12-02T03:00:00Z'), false))).rejects.toMatchObject(unavailable);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
