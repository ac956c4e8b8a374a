/**
 * Whether an error means "the database cannot be reached right now" rather than a bug: the server
 * is down or restarting, the connection dropped, or connecting timed out. Such errors become
 * 503 + Retry-After (DESIGN §14): the client may retry, nothing was stored.
 */
/** Node's codes for a server that cannot be reached (the database's here; a bucket's in s3-calls.ts). */
export const NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown, starting
 * up), 53300 (too many connections), and 25006 (read-only transaction): a failover that left the
 * pool on a standby, or a host that turned default_transaction_read_only on (some managed services
 * do when the disk fills); writes come back when the primary does.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-4]|53300|25006)$/;

const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => message.startsWith(m))) return true;
  // Node reports a refused dual-stack connect as an AggregateError of per-address errors.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The text a client sees; it says what happened to their write and what to do. */
export const DATABASE_UNAVAILABLE_TEXT = 'The database is not reachable right now, so this was not saved. Please try again in a moment.';

/** Seconds a client should wait before retrying a write refused during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that is there but did not answer this statement in time: 57014
 * (query_canceled: a statement_timeout set on the role or database, or an operator's
 * pg_cancel_backend), 55P03 (lock_not_available: lock_timeout, e.g. while a table is locked by a
 * migration or a VACUUM FULL), 40001 and 40P01 (a serialisation failure or a deadlock the server
 * broke). Each rolls the transaction back, so nothing of the request was stored: like an outage,
 * a 503 to retry, never a 500; but the text says busy, not unreachable.
 */
const BUSY_SQLSTATE = /^(57014|55P03|40001|40P01)$/;

export function isDatabaseBusy(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && BUSY_SQLSTATE.test(code)) return true;
  return isDatabaseBusy(cause, depth + 1);
}

/** The text a client sees when the database is busy; as DATABASE_UNAVAILABLE_TEXT, it says what happened to the write. */
export const DATABASE_BUSY_TEXT = 'The database is too busy to answer right now (it did not answer in time), so this was not saved. Please try again in a moment.';

/** What health says of a database that answers but takes no writes. */
export const DATABASE_READ_ONLY_TEXT = 'The database answers but takes no writes (transaction_read_only is on: a standby, or default_transaction_read_only set).';
