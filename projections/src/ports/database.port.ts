import { isoInstant } from '@punchline/domain';

/**
 * The database port (DESIGN §4). Two implementations live in backend/src/platform/database:
 * pg.Pool when DATABASE_URL is set, PGlite (Postgres in-process) otherwise. Same SQL for both.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface SqlClient {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface DedicatedSession extends SqlClient {
  /**
   * Resolves once the server has answered on this connection; rejects when it did not answer in a
   * few seconds, and the connection is then given up (its server side is ended from another one
   * as soon as one opens, so a lock it held is free again). What a leader checks its lock with: a
   * connection cut off without a word (a NAT or firewall that forgot it, a failover) never errors.
   */
  check(): Promise<void>;
  /** Gives the connection back (session-level advisory locks die with it). */
  release(): Promise<void>;
}

/**
 * The payload a listener is called with once LISTEN is back after its connection was lost: no
 * channel's own payload looks like it, and no number parses from it.
 */
export const LISTEN_RESUMED = 'listen-resumed';

export interface Database extends SqlClient {
  readonly kind: 'pg' | 'pglite';
  /**
   * A short query that must not wait for ever: when the server has not answered within
   * `deadlineMs` it rejects as unreachable (ETIMEDOUT) and its connection is given up. For what
   * visitors wait on (the live settings' check) and health: a connection the network swallowed
   * without a word would otherwise hold them until the kernel gives up on it (about 15 minutes).
   */
  queryWithin<R = Record<string, unknown>>(deadlineMs: number, sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; resolves to an unlisten function. When the connection that listens is
   * lost (a database restart, a failover, a dropped idle connection) it is opened again, and each
   * listener is called once with LISTEN_RESUMED: what was notified meanwhile is lost, so look again.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** A connection of its own for the caller's lifetime (leader election holds one). */
  dedicatedSession(): Promise<DedicatedSession>;
  /**
   * COPY rows into a table: `rows` is COPY's text format (a tab between fields, a newline after each
   * row, each free-form value passed through copyField). A bulk write's fastest path: a restore's
   * million events took PostgreSQL 22 % less time than a multi-row INSERT (issue 29). Resolves to the
   * rows written.
   */
  copyIn(table: string, columns: readonly string[], rows: string): Promise<number>;
  close(): Promise<void>;
}

const COPY_SPECIAL = /[\\\t\n\r]/;

/** A value as a field of COPY's text format: the backslash, tab, newline and carriage return escaped. */
export function copyField(value: string): string {
  if (!COPY_SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * A JSON text as JSON.stringify writes it (no raw control character: it escapes them all) as a
 * field of COPY's text format: only its backslashes are doubled. A restore's events are mostly
 * this, a million of them, so it looks for the one character only.
 */
export function copyJsonField(json: string): string {
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

/** What copyIn accepts as a table or column name (code names them, never a request). */
const COPY_IDENTIFIER = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

/** The COPY statement for copyIn, `source` being STDIN (pg) or '/dev/blob' (PGlite). */
export function copyStatement(table: string, columns: readonly string[], source: string): string {
  for (const name of [table, ...columns]) if (!COPY_IDENTIFIER.test(name)) throw new Error(`Not a table or column name for COPY: ${name}`);
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}

/**
 * pg and PGlite hand timestamptz columns back as Date (or text); rows leave the read side as ISO
 * text. The one conversion every read model and query uses.
 */
export function isoTimestamp(value: string | Date): string;
export function isoTimestamp(value: string | Date | null): string | null;
export function isoTimestamp(value: string | Date | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  // Text that names no instant throws, as toISOString of an invalid date does.
  return isoInstant(value) ?? new Date(value).toISOString();
}
