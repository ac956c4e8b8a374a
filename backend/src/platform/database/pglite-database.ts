import { PGlite, types } from '@electric-sql/pglite';
import { copyStatement, type Database, type DedicatedSession, type QueryResult, type SqlClient } from '@punchline/projections';
import { type DataDirLock, lockDataDir } from './pglite-dir-lock';

/**
 * Embedded Postgres (PGlite): one in-process connection, so transactions are serialised by
 * PGlite's own mutex and there is only ever one projector leader.
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;

  private constructor(
    private readonly db: PGlite,
    private readonly lock: DataDirLock | null,
  ) {}

  /**
   * dataDir undefined → in memory (tests). `initialDataDir`: a fresh database's files as
   * dumpDataDir left them (tests load one instead of running initdb for every database they open).
   */
  static async open(dataDir?: string, options: { initialDataDir?: Blob } = {}): Promise<PgliteDatabase> {
    // Before PGlite touches the files: a second process's start-up alone can corrupt them.
    const lock = dataDir === undefined ? null : lockDataDir(dataDir);
    try {
      // One options object: PGlite reads its second argument only when the first is a path, so
      // `new PGlite(undefined, options)` (in memory) dropped the parsers below without a word.
      const db = new PGlite({
        dataDir,
        // int8 as JS number, as in the pg adapter.
        parsers: { [types.INT8]: (v: string) => Number(v) },
        ...(options.initialDataDir ? { loadDataDir: options.initialDataDir } : {}),
      });
      await db.waitReady;
      return new PgliteDatabase(db, lock);
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    const r = params && params.length > 0 ? await this.db.query<R>(sql, params) : await this.execOrQuery<R>(sql);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  }

  /** Multi-statement SQL (migrations) only works through exec. */
  private async execOrQuery<R>(sql: string): Promise<{ rows: R[]; affectedRows?: number }> {
    const results = await this.db.exec(sql);
    const last = results[results.length - 1];
    return { rows: (last?.rows ?? []) as R[], affectedRows: last?.affectedRows };
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      fn({
        async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
          if (!params || params.length === 0) {
            const results = await tx.exec(sql);
            const last = results[results.length - 1];
            return { rows: (last?.rows ?? []) as R[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
          }
          const r = await tx.query<R>(sql, params);
          return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
        },
      }),
    );
  }

  async copyIn(table: string, columns: readonly string[], rows: string): Promise<number> {
    // PGlite has no STDIN: COPY reads the rows from the blob handed with the query.
    const r = await this.db.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([rows]) });
    return r.affectedRows ?? 0;
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(channel, onNotify);
  }

  /** In the process: nothing on the way can swallow the query. */
  queryWithin<R = Record<string, unknown>>(_deadlineMs: number, sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return this.query<R>(sql, params);
  }

  async dedicatedSession(): Promise<DedicatedSession> {
    // One connection only: the "session" is the shared one; releasing it must not close the database.
    return { query: (sql, params) => this.query(sql, params), check: async () => undefined, release: async () => undefined };
  }

  async close(): Promise<void> {
    try {
      await this.db.close();
    } finally {
      this.lock?.release();
    }
  }
}
