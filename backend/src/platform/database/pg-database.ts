import { userInfo } from 'node:os';
import { Client, type ClientConfig, Pool, type PoolClient } from 'pg';
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

/** How a test opens its database: through a proxy (`through` rewrites the URL), with other options. */
export interface ConnectOptions {
  through?: (url: string) => string;
  options?: PgDatabaseOptions;
}

/**
 * A database of its own beside the server of `serverUrl`, for a test suite or a bench: `name` is
 * created when missing and opened with a pool of `poolSize`; `drop` closes it and drops it (unless
 * `keep`, for a bench's slow fill that is paid once).
 */
export async function databaseBeside(
  serverUrl: string,
  name: string,
  poolSize: number,
  options: { keep?: boolean; connect?: ConnectOptions } = {},
): Promise<{ db: PgDatabase; url: string; drop: () => Promise<void> }> {
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
  const db = new PgDatabase(options.connect?.through?.(url.toString()) ?? url.toString(), poolSize, options.connect?.options);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      if (!options.keep) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const ignoreError = (): void => undefined;

/** A query the server did not answer in time; its connection has been destroyed. */
class SilentServerError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
  }
}

/**
 * Runs `sql` on `client`; when no answer has come within `ms`, destroys the connection (end()
 * would wait for the server's goodbye that never comes) and rejects with SilentServerError. It
 * waits one turn more (setImmediate) so a stalled event loop (a long synchronous task, a GC pause)
 * is not taken for a silent server: after a stall the expired timer runs before the socket's
 * waiting answer is read.
 */
async function answeredWithin<R>(client: Client, ms: number, sql: string, params?: unknown[]): Promise<QueryResult<R>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate: ReturnType<typeof setImmediate> | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      immediate = setImmediate(() => {
        socketOf(client)?.destroy();
        reject(new SilentServerError(ms));
      });
    }, ms);
  });
  try {
    const r = await Promise.race([client.query(sql, params as unknown[]), silent]);
    return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
  } finally {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  }
}

/** The server side of a connection: its backend's pid and start (a pid alone may be reused). */
type ServerSide = AbandonedSession;

/** pg keeps the socket on the connection it does not expose in its types; destroying it is the one way to drop a connection that never answers. */
function socketOf(client: Client): { destroy(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
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

/**
 * A connection's liveness. The long-lived quiet ones (the one that LISTENs, each leader's lock
 * session) are the ones a NAT or a firewall forgets, or a failover cuts off, without a word: the
 * socket then neither answers nor errors, and a query on it waited for ever (the kernel gives up on
 * unanswered data after some 15 minutes; the server, which sends nothing on a quiet session, kept
 * its side and the leader's lock about two hours, its TCP keepalive). TCP keepalive from our side
 * keeps NATs from forgetting quiet connections; a check that is not answered in `answerMs` gives the
 * connection up, and the listening one is checked every `listenerCheckMs`.
 */
export interface Liveness {
  answerMs: number;
  listenerCheckMs: number;
}
const LIVENESS: Liveness = { answerMs: 5_000, listenerCheckMs: 10_000 };
/** Idle time before the first TCP keepalive probe: well under the shortest NAT idle timeouts (about a minute). */
const KEEPALIVE_DELAY_MS = 10_000;

export interface PgDatabaseOptions {
  /** The commands' sessions: NO_TIMEOUTS (the server's keep the account's). */
  noTimeouts?: boolean;
  /** Shorter for tests of a connection cut off. */
  liveness?: Partial<Liveness>;
}

/** A server session given up from our side, to be ended from a new connection (pid alone could be reused). */
interface AbandonedSession {
  pid: number;
  started: string;
}

export class PgDatabase implements Database {
  readonly kind = 'pg' as const;
  private readonly pool: Pool;
  private listener: Client | null = null;
  private listenerOpening: Promise<Client> | null = null;
  private relistenTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private listenerCheck: ReturnType<typeof setInterval> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly liveness: Liveness;
  private abandoned: AbandonedSession[] = [];
  /** The pool's open connections, to end them all when the network to the server is found gone. */
  private readonly poolClients = new Set<PoolClient>();

  readonly connectionString: string;

  /** What every connection of this database is opened with (the pool's, sessions', the listener's). */
  private readonly clientConfig: ClientConfig;

  constructor(connectionString: string, poolSize = 10, options: PgDatabaseOptions = {}) {
    this.connectionString = withDefaultUser(connectionString);
    this.liveness = { ...LIVENESS, ...options.liveness };
    this.clientConfig = {
      ...(options.noTimeouts ? withOptions(this.connectionString, NO_TIMEOUTS) : { connectionString: this.connectionString }),
      // A black-holed server must not hold a request forever: give up connecting after 5 s (then 503).
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    };
    this.pool = new Pool({ ...this.clientConfig, max: poolSize });
    // An idle client that errors (server restart) must not crash the process.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => {
      this.poolClients.add(client);
      client.once('end', () => this.poolClients.delete(client));
    });
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return wrap(this.pool).query<R>(sql, params);
  }

  async queryWithin<R = Record<string, unknown>>(deadlineMs: number, sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    const client = await this.pool.connect();
    client.on('error', ignoreError);
    let failure: Error | undefined;
    try {
      return await answeredWithin<R>(client, deadlineMs, sql, params);
    } catch (error) {
      // Only a destroyed connection is dropped; one that answered with an error goes back.
      if (error instanceof SilentServerError) failure = error;
      throw error;
    } finally {
      client.off('error', ignoreError);
      client.release(failure);
    }
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
    let session: ServerSide | null;
    try {
      session = await this.connect(client);
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
      if (this.closed) throw new Error('The database was closed');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
    // Lost without a word, it would never end: checked, it ends and is opened again (listenerLost).
    if (this.listenerCheck) clearInterval(this.listenerCheck);
    this.listenerCheck = setInterval(() => void this.answers(client, session).catch(() => undefined), this.liveness.listenerCheckMs);
    this.listenerCheck.unref();
    return client;
  }

  /**
   * Connects, ends the server side of the sessions given up before (their locks are then free), and
   * names this one's server side, so it can be ended the same way if it is given up in turn.
   */
  private async connect(client: Client): Promise<ServerSide | null> {
    await client.connect();
    try {
      if (this.abandoned.length > 0) {
        const abandoned = this.abandoned;
        await client.query(
          `SELECT pg_terminate_backend(a.pid) FROM pg_stat_activity a JOIN unnest($1::int[], $2::timestamptz[]) AS gone(pid, started) ON a.pid = gone.pid AND a.backend_start = gone.started`,
          [abandoned.map((s) => s.pid), abandoned.map((s) => s.started)],
        );
        // Ended, or gone already (the server noticed first): either way nothing is left to end.
        this.abandoned = this.abandoned.filter((s) => !abandoned.includes(s));
      }
      const { rows } = await client.query<{ pid: number; started: string }>('SELECT pid, backend_start::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()');
      // Null where the server hides it (a pooler in front): such a session is simply not ended later.
      return rows[0] ? { pid: rows[0].pid, started: rows[0].started } : null;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Resolves once the server answers on `client`; when it does not within answerMs, the connection
   * is given up: its socket destroyed (end() would wait for the server's goodbye), its server side
   * noted to be ended from the next connection opened.
   */
  private async answers(client: Client, session: ServerSide | null): Promise<void> {
    try {
      await answeredWithin(client, this.liveness.answerMs, 'SELECT 1');
    } catch (error) {
      if (session && !this.abandoned.some((s) => s.pid === session.pid && s.started === session.started)) this.abandoned.push(session);
      socketOf(client)?.destroy();
      if (error instanceof SilentServerError) this.networkLost();
      throw error;
    }
  }

  /**
   * A `SELECT 1` went unanswered: the network to the server went, and the pool's connections open
   * then went with it, silently too. Each query on one (in flight, or handed out next) waited until
   * the kernel gave up, about 15 minutes: admin saves hung, and the commands on one stream queued
   * behind them. Ended now, their queries fail as an outage (503, retried) and the pool opens new
   * connections. (An error, such as the server ending the session, says nothing of the others.)
   */
  private networkLost(): void {
    for (const client of this.poolClients) socketOf(client)?.destroy();
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
    if (this.listenerCheck) clearInterval(this.listenerCheck);
    this.listenerCheck = null;
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
    const session = await this.connect(client);
    let givenUp = false;
    return {
      ...wrap(client),
      check: async () => {
        await this.answers(client, session).catch((error: unknown) => {
          givenUp = true;
          throw error;
        });
      },
      // end() on a connection given up would wait for the server's goodbye that never comes.
      release: async () => (givenUp ? undefined : client.end()),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    this.relistenTimer = null;
    if (this.listenerCheck) clearInterval(this.listenerCheck);
    this.listenerCheck = null;
    await this.listenerOpening?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.pool.end();
  }
}
