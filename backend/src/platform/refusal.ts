import { userInfo } from 'node:os';
import { DomainError } from '@punchline/domain';
import { isDatabaseUnavailable } from './database/database-unavailable';

/**
 * Errors that refuse to start and say what to do (the media storage is not the database's; the
 * embedded database is open in another process; DATABASE_URL names a server, database or account
 * that is not there, or a standby; DATA_DIR cannot be written): the server and the commands print
 * their message alone, since a stack trace would bury the one line that matters.
 */
const REFUSALS = new Set(['StorageIdentityError', 'DataDirInUseError']);

export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (REFUSALS.has(error.name)) return error.message;
  // A dependency that said so in our own words (the media storage away).
  if (error instanceof DomainError && error.code === 'UNAVAILABLE') return error.message;
  return databaseRefusal(error) ?? fileRefusal(error);
}

const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

/**
 * A folder the process cannot write (DATA_DIR or a path given to a command): in a container, most
 * often a volume owned by another user than the one the app runs as.
 */
function fileRefusal(error: Error): string | null {
  const { code, path } = error as NodeJS.ErrnoException;
  const problem = code ? FILE_PROBLEMS[code] : undefined;
  if (!problem || typeof path !== 'string') return null;
  let user: string;
  try {
    const { username, uid } = userInfo();
    user = `${username}, uid ${uid}`;
  } catch {
    user = `uid ${process.getuid?.() ?? '?'}`;
  }
  return code === 'ENOSPC'
    ? `${path} cannot be written: ${problem}. Free some space there, or use a folder on another disk.`
    : `${path} cannot be written by this process (${user}): ${problem}. Give that user the folder (chown), or use one it can write (DATA_DIR, or the path given).`;
}

/** What PostgreSQL's answer at start-up means for DATABASE_URL, or null for anything else. */
function databaseRefusal(error: Error): string | null {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case '3D000': // invalid_catalog_name
      return `${error.message}: create it (createdb) or correct the database name in DATABASE_URL.`;
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification
      return `PostgreSQL refused the account in DATABASE_URL (${error.message}): correct its user and password.`;
    case '57014': // query_canceled (statement_timeout)
    case '55P03': // lock_not_available (lock_timeout)
      return `A start-up step did not finish within the statement_timeout or lock_timeout set for the account or database in DATABASE_URL (${error.message}): another process held its tables (a migration on another instance?). Start again once it is done, or raise the timeout for this account.`;
    case '25006': // read_only_sql_transaction
      return `The database in DATABASE_URL takes no writes (${error.message}): it is a standby or read-only; point DATABASE_URL at the primary.`;
    default:
      return isDatabaseUnavailable(error) ? `The database in DATABASE_URL could not be reached (${error.message}): is PostgreSQL running there, and is the address right?` : null;
  }
}
