import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../platform/config/config';
import { Logger } from '@nestjs/common';
import { DomainError } from '@punchline/domain';
import { type S3Deadline, callS3 } from '../platform/s3-calls';

/** One kept backup as the admin's panel lists it. */
export interface StoredBackup {
  name: string;
  size: number;
  createdAt: string;
}

/** Names of backups this app writes: the time it was taken, then .tar or .tar.enc (encrypted). */
export const BACKUP_NAME = /^punchline-backup-(\d{8}T\d{6}(?:\d{3})?Z)\.tar(\.enc)?$/;

export function backupName(at: Date, encrypted: boolean): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `punchline-backup-${stamp}.tar${encrypted ? '.enc' : ''}`;
}

/** When a backup was taken, from its name (what the schedule and health go by). */
export function takenAt(name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const s = match[1]!;
  return new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.length > 16 ? s.slice(15, 18) : '000'}Z`);
}

/** Where scheduled backups are kept: BACKUP_DIR, a folder or s3://bucket/prefix. */
export interface BackupTarget {
  readonly description: string;
  /** Kept backups, newest first. */
  list(): Promise<StoredBackup[]>;
  /** Moves a finished file (written and flushed under a temporary name) in under `name`. */
  keep(file: string, name: string): Promise<void>;
  read(name: string): Promise<{ body: Readable; size: number } | null>;
  delete(name: string): Promise<void>;
}

const newestFirst = (a: StoredBackup, b: StoredBackup) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

class FolderTarget implements BackupTarget {
  constructor(readonly dir: string) {}
  get description() {
    return this.dir;
  }
  async list(): Promise<StoredBackup[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: StoredBackup[] = [];
    for (const name of names) {
      const at = takenAt(name);
      if (!at) continue;
      found.push({ name, size: (await stat(join(this.dir, name))).size, createdAt: at.toISOString() });
    }
    return found.sort(newestFirst);
  }
  async keep(file: string, name: string): Promise<void> {
    const { rename } = await import('node:fs/promises');
    await rename(file, join(this.dir, name));
  }
  async read(name: string) {
    if (!BACKUP_NAME.test(name)) return null;
    try {
      const info = await stat(join(this.dir, name));
      return { body: createReadStream(join(this.dir, name)), size: info.size };
    } catch {
      return null;
    }
  }
  async delete(name: string): Promise<void> {
    if (BACKUP_NAME.test(name)) await rm(join(this.dir, name), { force: true });
  }
  async ensure(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }
}

/** What an admin sees when BACKUP_DIR's bucket cannot be reached or fails. */
export const BACKUP_STORAGE_UNAVAILABLE_TEXT = 'The backup storage (BACKUP_DIR) is not reachable right now, so this could not be done. Please try again in a moment.';
const logger = new Logger('backups');

class S3Target implements BackupTarget {
  private readonly client: S3Client;
  constructor(
    private readonly bucket: string,
    private readonly prefix: string,
    storage: AppConfig['storage'],
  ) {
    // The media storage's endpoint and credentials (S3_*, AWS_*): one S3 account for the site.
    this.client = new S3Client({
      region: storage.region,
      endpoint: storage.endpoint,
      forcePathStyle: storage.forcePathStyle,
      credentials: storage.accessKeyId && storage.secretAccessKey ? { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  get description() {
    return `s3://${this.bucket}/${this.prefix}`;
  }
  /** A bucket that is away is named as the backup storage (503), not read as the database being away. */
  private send<T>(call: (deadline: S3Deadline) => Promise<T>): Promise<T> {
    return callS3(call, BACKUP_STORAGE_UNAVAILABLE_TEXT, logger);
  }
  async list(): Promise<StoredBackup[]> {
    const found: StoredBackup[] = [];
    let token: string | undefined;
    do {
      const page = await this.send((deadline) => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }), { abortSignal: deadline.signal }));
      for (const object of page.Contents ?? []) {
        const name = (object.Key ?? '').slice(this.prefix.length);
        const at = takenAt(name);
        if (at) found.push({ name, size: Number(object.Size ?? 0), createdAt: at.toISOString() });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort(newestFirst);
  }
  async keep(file: string, name: string): Promise<void> {
    const size = (await stat(file)).size;
    // One PutObject with the file streamed: the object appears whole or not at all.
    await this.send((deadline) => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}${name}`, Body: deadline.body(createReadStream(file)), ContentLength: size, ContentType: 'application/x-tar' }), { abortSignal: deadline.signal }));
    await rm(file, { force: true });
  }
  async read(name: string) {
    if (!BACKUP_NAME.test(name)) return null;
    try {
      const out = await this.send((deadline) => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}${name}` }), { abortSignal: deadline.signal }));
      return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
    } catch (error) {
      // Not there is null (a 404 for the download); a bucket that is away is not "not found".
      if (error instanceof DomainError) throw error;
      return null;
    }
  }
  async delete(name: string): Promise<void> {
    if (BACKUP_NAME.test(name)) await this.send((deadline) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}${name}` }), { abortSignal: deadline.signal }));
  }
}

/** BACKUP_DIR → its target, or null when unset. */
export async function openBackupTarget(config: Pick<AppConfig, 'backup' | 'storage'>): Promise<BackupTarget | null> {
  const dir = config.backup.dir;
  if (!dir) return null;
  if (dir.startsWith('s3://')) {
    const [bucket, ...rest] = dir.slice('s3://'.length).split('/');
    const prefix = rest.filter((p) => p !== '').join('/');
    return new S3Target(bucket!, prefix ? `${prefix}/` : '', config.storage);
  }
  const target = new FolderTarget(dir);
  await target.ensure();
  return target;
}
