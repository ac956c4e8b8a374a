/**
 * Errors that refuse to start and say what to do (the media storage is not the database's; the
 * embedded database is open in another process): the server and the commands print their message
 * alone, since a stack trace would bury the one line that matters.
 */
const REFUSALS = new Set(['StorageIdentityError', 'DataDirInUseError']);

export function refusalMessage(error: unknown): string | null {
  return error instanceof Error && REFUSALS.has(error.name) ? error.message : null;
}
