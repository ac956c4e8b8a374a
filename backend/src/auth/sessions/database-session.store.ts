import { Store, type SessionData } from 'express-session';
import type { Database } from '@punchline/projections';

type Callback<T = void> = (err?: unknown, value?: T) => void;

export interface DatabaseSessionStoreOptions {
  /** Lifetime used when a session carries no cookie expiry. */
  fallbackTtlMs: () => number;
  /** Injected so tests can move time; the database clock is never consulted. */
  now?: () => Date;
}

/**
 * express-session Store on the Database port, so sessions live in PostgreSQL or PGlite alike.
 * Expiry is enforced on read: an expired row is as good as absent, whatever the cookie says.
 */
export class DatabaseSessionStore extends Store {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: DatabaseSessionStoreOptions,
  ) {
    super();
    this.now = options.now ?? (() => new Date());
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.db
      .query<{ sess: SessionData }>('SELECT sess FROM auth.sessions WHERE sid = $1 AND expires_at > $2', [sid, this.now()])
      .then((r) => callback(null, r.rows[0]?.sess ?? null), callback);
  }

  override set(sid: string, session: SessionData, callback?: Callback): void {
    this.db
      .query(
        `INSERT INTO auth.sessions (sid, sess, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expires_at = EXCLUDED.expires_at`,
        [sid, JSON.stringify(session), this.expiryOf(session)],
      )
      .then(() => callback?.(), (e: unknown) => callback?.(e));
  }

  override touch(sid: string, session: SessionData, callback?: Callback): void {
    this.db
      .query(`UPDATE auth.sessions SET expires_at = $2, sess = jsonb_set(sess, '{cookie}', $3::jsonb) WHERE sid = $1 AND expires_at > $4`, [
        sid,
        this.expiryOf(session),
        JSON.stringify(session.cookie),
        this.now(),
      ])
      .then(() => callback?.(), (e: unknown) => callback?.(e));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db.query('DELETE FROM auth.sessions WHERE sid = $1', [sid]).then(() => callback?.(), (e: unknown) => callback?.(e));
  }

  override clear(callback?: Callback): void {
    this.db.query('DELETE FROM auth.sessions').then(() => callback?.(), (e: unknown) => callback?.(e));
  }

  override length(callback: Callback<number>): void {
    this.db
      .query<{ n: number }>('SELECT count(*)::int AS n FROM auth.sessions WHERE expires_at > $1', [this.now()])
      .then((r) => callback(null, r.rows[0]?.n ?? 0), callback);
  }

  /** Deletes expired rows; returns how many went. */
  async prune(): Promise<number> {
    const r = await this.db.query('DELETE FROM auth.sessions WHERE expires_at <= $1', [this.now()]);
    return r.rowCount;
  }

  private expiryOf(session: SessionData): Date {
    const expires = session.cookie?.expires;
    if (expires) return new Date(expires);
    return new Date(this.now().getTime() + this.options.fallbackTtlMs());
  }
}
