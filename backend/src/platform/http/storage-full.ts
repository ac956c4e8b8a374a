/**
 * Whether an error means "no room left where this write goes" rather than a bug: the media folder's
 * or backup folder's disk is full or over quota (ENOSPC, EDQUOT), an S3-compatible store says it has
 * no space (507, MinIO's XMinioStorageFull), or PostgreSQL cannot extend a file (SQLSTATE 53100,
 * disk_full). Such errors become 507 with a text that says what to do; every write here goes whole
 * or not at all (media through a temporary file, events in a transaction), so nothing half-written
 * is left behind.
 */
const ERRNO_CODES = new Set(['ENOSPC', 'EDQUOT']);

export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, name, $metadata, cause } = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown }; cause?: unknown };
  if (typeof code === 'string' && (ERRNO_CODES.has(code) || code === '53100')) return true;
  if (name === 'XMinioStorageFull' || $metadata?.httpStatusCode === 507) return true;
  return isStorageFull(cause, depth + 1);
}

/** The text a client sees: what happened to the write and what to do. */
export const STORAGE_FULL_TEXT =
  'There is no storage space left, so this was not saved. Free some space (delete media or backups you no longer need, or give the server more disk) and try again.';
