/**
 * The backup file (issue 29, DESIGN §17): a tar archive, optionally encrypted as a whole
 * (backup-encryption.ts). Entries, in this order:
 *
 *   manifest.json                  BackupManifest: what was backed up, at which log position
 *   events/000001.ndjson …         the event log in the export format (GET /api/admin/audit/export:
 *                                  a header line, then one event a line with prev_hash and hash),
 *                                  plus each event's recorded_at; cut into chunks of a few MB so
 *                                  each entry's size is known before it is written
 *   side-stores/<name>/000001.ndjson …  rows of data kept beside the log (side-stores.ts)
 *   media/<path>                   every media file's bytes as stored (originals; variants are remade)
 *   trailer.json                   BackupTrailer: every entry's size and sha256, written last
 *
 * A file without its trailer is incomplete (the backup was cut short); an entry whose bytes do not
 * match the trailer was altered or damaged; the events must form the hash chain up to the head the
 * manifest names. Restore checks all of it before it writes anything.
 */
export const BACKUP_FORMAT = 'punchline-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const TRAILER_ENTRY = 'trailer.json';
export const EVENTS_PREFIX = 'events/';
export const SIDE_STORES_PREFIX = 'side-stores/';
export const MEDIA_PREFIX = 'media/';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: typeof BACKUP_FORMAT_VERSION;
  app_version: string;
  created_at: string;
  /** Where it was taken from (for the report; any kind restores into any kind). */
  source: { event_store: 'postgres' | 'eventstoredb'; database: 'pglite' | 'postgres' };
  /** Events in the archive: every event up to `head.position`. */
  event_count: number;
  /** The log head the backup is consistent at; null for an empty log. */
  head: { position: number; hash: string } | null;
  /** The signed checkpoint of the log at `head` (issue 27), when the store makes them. */
  checkpoint?: string;
  /** Media files as listed by the log at `head` (the library's state there). */
  media: { files: number };
  /** Side stores included (side-stores.ts). */
  side_stores: string[];
}

export interface BackupTrailerEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupTrailer {
  format: 'punchline-backup-trailer';
  entries: BackupTrailerEntry[];
  /** Library files listed at the head whose bytes were gone when read (deleted or moved meanwhile). */
  media_missing: string[];
  side_store_rows: Record<string, number>;
}

/** Archive member name of a media path (paths are checked with isSafeMediaPath on both sides). */
export const mediaEntryName = (path: string): string => `${MEDIA_PREFIX}${path}`;

export const chunkEntryName = (prefix: string, index: number): string => `${prefix}${String(index).padStart(6, '0')}.ndjson`;
