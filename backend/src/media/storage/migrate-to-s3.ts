import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../../platform/config/config';
import { migrate } from '../../platform/database/migrations';
import { openDatabase } from '../../platform/database/open-database';
import { sharedStateMigration } from '../../platform/shared-state/shared-state.migration';
import { claimShared, deleteShared } from '../../platform/shared-state/shared-values';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage, StoredObjectInfo } from './media-storage.port';
import { S3MediaStorage } from './s3-media-storage';
import { STORAGE_MARKER_PATH, databaseStorageIdentity, describeStorage, localMediaRoot, readMarker, recordStorageIdentity, writeMarker } from './storage-identity';

/** platform.instance_state key of a migration under way: the id its bucket's marker gets. */
const MIGRATION_KEY = 'media_migration_target_id';
/** Files copied at once: enough to hide S3's round trips, few enough for a small machine. */
const PARALLEL = 4;

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The object's bytes in `storage`, or null. */
async function read(storage: MediaStorage, path: string): Promise<Buffer | null> {
  const stream = await storage.read(path);
  return stream ? bytesOf(stream.body) : null;
}

/**
 * Copies one object unless the target already holds the same bytes (a rerun after a crash), then
 * reads the target back and compares every byte's hash. Answers whether it had to copy.
 */
async function copyChecked(source: MediaStorage, target: MediaStorage, info: StoredObjectInfo): Promise<boolean> {
  const bytes = await read(source, info.path);
  if (!bytes) throw new Error(`${info.path} disappeared from the local folder while copying`);
  const want = sha256(bytes);
  const there = await target.head(info.path);
  if (there && there.size === bytes.length) {
    const existing = await read(target, info.path);
    if (existing && sha256(existing) === want) return false;
  }
  for (let attempt = 1; ; attempt += 1) {
    await target.put(info.path, bytes, info.contentType);
    const back = await read(target, info.path);
    if (back && sha256(back) === want) return true;
    if (attempt === 3) throw new Error(`${info.path}: the copy in S3 does not match the local file after ${attempt} attempts`);
  }
}

export interface MigrateOutcome {
  copied: number;
  alreadyThere: number;
  id: string;
}

/**
 * `npm run media:migrate -- --to s3` (DESIGN §18): moves a local media library to S3. Every file is
 * copied and read back (its SHA-256 compared), with a progress bar; a rerun after a crash skips the
 * files already there with equal bytes. Last, the S3 bucket gets a new library marker and the
 * database records it, so instances start only on the bucket from then on (one still on the folder
 * is refused, naming both). The local folder is left as it was. Stop the app instances first:
 * an upload during the copy would stay behind in the folder.
 */
export interface MigrateReporter {
  /** A line of text (ends with a newline). */
  say(text: string): void;
  progress(done: number, total: number, path: string): void;
}

export async function migrateMediaToS3(config: AppConfig, report: MigrateReporter): Promise<MigrateOutcome> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, forCommand: true });
  const source = new LocalMediaStorage(localMediaRoot(config.dataDir));
  const targetConfig = { ...config, storage: { ...config.storage, kind: 's3' as const } };
  const target = new S3MediaStorage(targetConfig.storage);
  const from = describeStorage({ ...config, storage: { ...config.storage, kind: 'local' } });
  const to = describeStorage(targetConfig);
  try {
    await migrate(db, [sharedStateMigration]);
    const recorded = await databaseStorageIdentity(db);
    const targetMarker = await readMarker(target);
    if (recorded && targetMarker?.id === recorded.id) {
      report.say(`The media library ${recorded.id} is already in ${to}; nothing to do.\n`);
      return { copied: 0, alreadyThere: 0, id: recorded.id };
    }
    // The id the bucket's library will have, chosen once: a rerun after a crash between writing the
    // marker and recording it knows the marker for its own, and a bucket holding another library is refused.
    const id = await claimShared(db, MIGRATION_KEY, randomUUID());
    if (targetMarker && targetMarker.id !== id) {
      throw new Error(`${to} already holds another media library (${targetMarker.id}): nothing was copied. Use an empty bucket.`);
    }
    const sourceMarker = await readMarker(source);
    if (recorded && sourceMarker?.id !== recorded.id) {
      throw new Error(`The database's media library is ${recorded.id} in ${recorded.where}, not ${from}${sourceMarker ? ` (which holds library ${sourceMarker.id})` : ''}: nothing was copied.`);
    }
    const files = (await source.list()).filter((f) => f.path !== STORAGE_MARKER_PATH);
    report.say(`Copying ${files.length} file(s) from ${from} to ${to}, checking every byte…\n`);
    let done = 0;
    let copied = 0;
    const queue = [...files];
    const worker = async (): Promise<void> => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        if (await copyChecked(source, target, file)) copied += 1;
        done += 1;
        report.progress(done, files.length, file.path);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    // The switch: the bucket becomes the library, then the database says so (a crash in between is
    // finished by a rerun; until then no instance starts, rather than one on each storage).
    await writeMarker(target, id, to);
    await recordStorageIdentity(db, id, to);
    await deleteShared(db, MIGRATION_KEY);
    report.say(`Done: ${copied} copied, ${files.length - copied} already there with equal bytes. The library is now ${id} in ${to}: start the instances with STORAGE=s3.\n`);
    return { copied, alreadyThere: files.length - copied, id };
  } finally {
    await target.close();
    await db.close();
  }
}

