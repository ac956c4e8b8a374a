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
  /** Gives the connection back (session-level advisory locks die with it). */
  release(): Promise<void>;
}

export interface Database extends SqlClient {
  readonly kind: 'pg' | 'pglite';
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to an unlisten function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** A connection of its own for the caller's lifetime (leader election holds one). */
  dedicatedSession(): Promise<DedicatedSession>;
  close(): Promise<void>;
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
