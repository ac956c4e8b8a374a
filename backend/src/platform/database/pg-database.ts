import { userInfo } from 'node:os';
import { Client, Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LISTEN_RESUMED, copyStatement, type Database, type DedicatedSession, type QueryResult, type SqlClient } from '@punchline/projections';

/** Postgres returns int8 as text; our positions fit in a JS number, so parse them as numbers. */
import { types } from 'pg';
types.setTypeParser(20, (v) => Number(v));

/**
 * libpq falls back to $USER when the URL names no user; CI shells may not export USER, so fill in
 * the OS account the same way (postgres://127.0.0.1:5432/test must work everywhere).
 */
export function withDefaultUser(connectionString: string): string {
  const url = new URL(connectionString);
  if (url.username || process.env.PGUSER || process.env.USER) return connectionString;
  url.username = userInfo().username;
  return url.toString();
}

/**
 * A database of its own beside the server of `serverUrl`, for a test suite or a bench: `name` is
 * created when missing and opened with a pool of `poolSize`; `drop` closes it and drops it (unless
 * `keep`, for a bench's slow fill that is paid once).
 */
export async function databaseBeside(serverUrl: string, name: string, poolSize: number, options: { keep?: boolean } = {}): Promise<{ db: PgDatabase; url: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a database name: ${name}`);
  const onServer = async (sql: string, params: unknown[] = []): Promise<number> => {
    const admin = new Client({ connectionString: withDefaultUser(serverUrl) });
    await admin.connect();
    try {
      return (await admin.query(sql, params)).rowCount ?? 0;
    } finally {
      await admin.end();
    }
  };
  if ((await onServer('SELECT 1 FROM pg_database WHERE datname = $1', [name])) === 0) await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = new PgDatabase(url.toString(), poolSize);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      if (!options.keep) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function wrap(client: Pool | PoolClient | Client): SqlClient {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
    },
  };
}

/**
 * What pg_dump and pg_restore set on their own sessions: no statement, lock or idle-in-transaction
 * timeout. A statement_timeout a DBA or a managed service set on the account protects the server
 * from the site's requests; a command that copies a whole log (backup, restore, replay) runs
 * statements that take as long as the log is big, and must not be cancelled half-way for it.
 */
export const NO_TIMEOUTS = '-c statement_timeout=0 -c lock_timeout=0 -c idle_in_transaction_session_timeout=0';

/**
 * The URL's own `options` (libpq's startup options) with `extra` after them, so both hold. They
 * leave the URL: pg lets what it parses from a connection string win over the config beside it.
 */
function withOptions(connectionString: string, extra: string): { connectionString: string; options: string } {
  const url = new URL(connectionString);
  const own = url.searchParams.get('options');
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: own ? `${own} ${extra}` : extra };
}

/** After the listening connection is lost: the first try to open it again, and the longest wait between tries. */
const RELISTEN_FIRST_MS = 200;
const RELISTEN_MAX_MS = 5_000;

export interface PgDatabaseOptions {
  /** The commands' sessions: NO_TIMEOUTS (the server's keep the account's). */
  noTimeouts?: boolean;
}

export class PgDatabase implements Database {
  readonly kind = 'pg' as const;
  private readonly pool: Pool;
  private listener: Client | null = null;
  private listenerOpening: Promise<Client> | null = null;
  private relistenTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();

  readonly connectionString: string;

  /** What every connection of this database is opened with (the pool's, sessions', the listener's). */
  private readonly clientConfig: { connectionString: string; options?: string };

  constructor(connectionString: string, poolSize = 10, options: PgDatabaseOptions = {}) {
    this.connectionString = withDefaultUser(connectionString);
    this.clientConfig = options.noTimeouts ? withOptions(this.connectionString, NO_TIMEOUTS) : { connectionString: this.connectionString };
    // A black-holed server must not hold a request forever: give up connecting after 5 s (then 503).
    this.pool = new Pool({ ...this.clientConfig, max: poolSize, connectionTimeoutMillis: 5_000 });
    // An idle client that errors (server restart) must not crash the process.
    this.pool.on('error', () => undefined);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return wrap(this.pool).query<R>(sql, params);
  }

  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // The pool listens for errors of idle clients only: a connection that dies between two queries
    // of a checked-out client would otherwise be an unhandled 'error' event (the queries fail anyway).
    const ignore = () => undefined;
    client.on('error', ignore);
    try {
      await client.query('BEGIN');
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', ignore);
      client.release();
    }
  }

  async copyIn(table: string, columns: readonly string[], rows: string): Promise<number> {
    const statement = copyStatement(table, columns, 'STDIN');
    const client = await this.pool.connect();
    // As in transaction(): a connection that dies while checked out must not raise an unhandled 'error'.
    const ignore = () => undefined;
    client.on('error', ignore);
    let failure: Error | undefined;
    try {
      const copy = client.query(copyFrom(statement));
      await new Promise<void>((resolve, reject) => {
        copy.on('finish', resolve);
        copy.on('error', reject);
        copy.end(rows);
      });
      return copy.rowCount;
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // A connection whose COPY failed half-way is not handed to the next caller.
      client.off('error', ignore);
      client.release(failure);
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
    let set = this.handlers.get(channel);
    const added = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(onNotify);
    try {
      // A connection opened by this call listens to the channel already; LISTEN twice is harmless.
      const client = await this.listenerClient();
      if (added) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      set.delete(onNotify);
      if (set.size === 0) this.handlers.delete(channel);
      throw error;
    }
    return async () => {
      set!.delete(onNotify);
    };
  }

  /** The connection that listens, opened (listening to every channel asked for) when there is none. */
  private listenerClient(): Promise<Client> {
    if (this.listener) return Promise.resolve(this.listener);
    this.listenerOpening ??= this.openListener().finally(() => {
      this.listenerOpening = null;
    });
    return this.listenerOpening;
  }

  private async openListener(): Promise<Client> {
    const client = new Client(this.clientConfig);
    client.on('error', () => undefined);
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    client.once('end', () => this.listenerLost(client));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
      if (this.closed) throw new Error('The database was closed');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
    return client;
  }

  /**
   * A LISTEN lives on one connection: when the server ends it (a restart, a failover, a DBA's
   * pg_terminate_backend, an idle_session_timeout, a NAT dropping a quiet connection) nothing is
   * notified any more, and every instance's reactors, lock watch and projector fell back to their
   * slow polls (30 s for a schedule or a contact message) until the process restarted. So it is
   * opened again, sooner at first, and each listener hears LISTEN_RESUMED to look for what it missed.
   */
  private listenerLost(client: Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.relistenAfter(RELISTEN_FIRST_MS);
  }

  private relistenAfter(delayMs: number): void {
    if (this.closed || this.relistenTimer || this.handlers.size === 0) return;
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = null;
      this.listenerClient().then(
        () => {
          for (const set of this.handlers.values()) {
            for (const h of set) {
              try {
                h(LISTEN_RESUMED);
              } catch {
                // One listener's failure must not keep the others from looking again.
              }
            }
          }
        },
        () => this.relistenAfter(Math.min(delayMs * 2, RELISTEN_MAX_MS)),
      );
    }, delayMs);
  }

  async dedicatedSession(): Promise<DedicatedSession> {
    const client = new Client(this.clientConfig);
    client.on('error', () => undefined);
    await client.connect();
    return { ...wrap(client), release: () => client.end() };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    this.relistenTimer = null;
    await this.listenerOpening?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.pool.end();
  }
}
