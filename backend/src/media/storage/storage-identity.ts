import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Database, SqlClient } from '@punchline/projections';
import type { AppConfig } from '../../platform/config/config';
import { SHARED_KEYS, readShared, writeShared } from '../../platform/shared-state/shared-values';
import type { MediaStorage } from './media-storage.port';

/** The object in media storage that says which library it holds. Never listed in the library, never served. */
export const STORAGE_MARKER_PATH = '.punchline-storage';
/** Transaction advisory lock taken while a library is given its identity (715001–715013 are taken). */
const IDENTITY_LOCK = 715030;
/** How many of the library's files are looked for in a storage without a marker (an upgrade from before issue 30). */
const SAMPLE = 20;

export interface StorageIdentity {
  kind: 'local' | 's3';
  /** The library's id, kept both in the storage's marker and in the database. */
  id: string;
  /** Where it is, in words ('local folder /srv/data/media', 'S3 bucket media at https://…'). */
  where: string;
}

interface Marker {
  id: string;
  kind: string;
  where: string;
  createdAt: string;
}

export class StorageIdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageIdentityError';
  }
}

export const localMediaRoot = (dataDir: string): string => join(dataDir, 'media');

/** Where a storage configuration points, in words. */
export function describeStorage(config: Pick<AppConfig, 'storage' | 'dataDir'>): string {
  if (config.storage.kind === 'local') return `local folder ${localMediaRoot(config.dataDir)}`;
  return `S3 bucket ${config.storage.bucket} at ${config.storage.endpoint ?? `AWS ${config.storage.region}`}`;
}

export async function readMarker(storage: MediaStorage): Promise<Marker | null> {
  const stream = await storage.read(STORAGE_MARKER_PATH);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream.body) chunks.push(chunk as Buffer);
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Marker>;
    if (typeof parsed.id === 'string' && parsed.id !== '') return { id: parsed.id, kind: String(parsed.kind), where: String(parsed.where), createdAt: String(parsed.createdAt) };
  } catch {
    // Unreadable: treated as no library's marker.
  }
  return { id: '(unreadable marker)', kind: storage.kind, where: '', createdAt: '' };
}

export async function writeMarker(storage: MediaStorage, id: string, where: string): Promise<void> {
  const marker: Marker = { id, kind: storage.kind, where, createdAt: new Date().toISOString() };
  await storage.put(STORAGE_MARKER_PATH, Buffer.from(`${JSON.stringify(marker, null, 2)}\n`), 'application/json');
}

/** The database's record of where its library lives (id and words), or null before the first start. */
export async function databaseStorageIdentity(db: SqlClient): Promise<{ id: string; where: string } | null> {
  const id = await readShared(db, SHARED_KEYS.storageId);
  return id === null ? null : { id, where: (await readShared(db, SHARED_KEYS.storageWhere)) ?? 'unknown storage' };
}

/** Records in the database that its library is `id`, at `where`. */
export async function recordStorageIdentity(db: SqlClient, id: string, where: string): Promise<void> {
  await writeShared(db, SHARED_KEYS.storageId, id);
  await writeShared(db, SHARED_KEYS.storageWhere, where);
}

async function libraryPaths(db: SqlClient): Promise<{ count: number; sample: string[] }> {
  const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rm.media_files');
  const sample = await db.query<{ path: string }>('SELECT path FROM rm.media_files ORDER BY created_at DESC, path LIMIT $1', [SAMPLE]);
  return { count: count.rows[0]?.n ?? 0, sample: sample.rows.map((r) => r.path) };
}

/**
 * Makes sure this instance's media storage is the one the database's library lives in (DESIGN §18),
 * or refuses to start, naming both. The first start writes the marker and the database's record;
 * a database from before the marker whose files are in this storage adopts it; one whose files
 * are not (another instance's folder, an empty bucket) is refused rather than have its uploads
 * marked missing one by one.
 */
export async function ensureStorageIdentity(db: Database, storage: MediaStorage, where: string, log: (message: string) => void = () => undefined): Promise<StorageIdentity> {
  return db.transaction(async (tx) => {
    // Two instances starting together on a new database agree on one identity.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [IDENTITY_LOCK]);
    const recorded = await databaseStorageIdentity(tx);
    const marker = await readMarker(storage);
    if (recorded) {
      if (marker?.id === recorded.id) return { kind: storage.kind, id: recorded.id, where };
      throw new StorageIdentityError(
        `Media storage mismatch: this instance's media storage (${where}) ${marker ? `holds library ${marker.id}` : 'has no library marker'}, ` +
          `but the database's media library is ${recorded.id} in ${recorded.where}. Point STORAGE (and DATA_DIR or the S3_* variables) ` +
          `at that storage, or move the library there with npm run media:migrate. Refusing to start.`,
      );
    }
    if (marker) {
      // A storage that already carries a library, with a database that has never recorded one.
      log(`media storage ${where} already holds library ${marker.id}; this database now records it`);
      await recordStorageIdentity(tx, marker.id, where);
      return { kind: storage.kind, id: marker.id, where };
    }
    const library = await libraryPaths(tx);
    if (library.count > 0) {
      const present = await Promise.all(library.sample.map((path) => storage.head(path)));
      if (present.every((info) => info === null)) {
        throw new StorageIdentityError(
          `Media storage mismatch: the database lists ${library.count} media file(s), but none of ${library.sample.slice(0, 3).join(', ')} ` +
            `is in this instance's media storage (${where}). Point STORAGE (and DATA_DIR or the S3_* variables) at the storage that holds them. Refusing to start.`,
        );
      }
    }
    const id = randomUUID();
    await writeMarker(storage, id, where);
    await recordStorageIdentity(tx, id, where);
    log(`media storage ${where} is now library ${id}`);
    return { kind: storage.kind, id, where };
  });
}

/**
 * Whether the library answers now (GET /api/health): its marker is read with a HEAD (a stat on a
 * folder). A server that hangs counts as down after `timeoutMs`, so health itself never hangs.
 */
export async function probeStorage(storage: MediaStorage, timeoutMs = 2_000): Promise<{ ok: true } | { ok: false; error: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const marker = await Promise.race([storage.head(STORAGE_MARKER_PATH), late]);
    return marker ? { ok: true } : { ok: false, error: `${STORAGE_MARKER_PATH} is missing: this is not the library the database knows` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
