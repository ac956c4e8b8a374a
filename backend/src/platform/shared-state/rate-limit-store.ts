import { Logger } from '@nestjs/common';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Database } from '@punchline/projections';

/** Expired counters are deleted this often (each window's row is also reset in place when it is hit again). */
const PRUNE_EVERY_MS = 60_000;

interface CounterRow {
  hits: number;
  reset_at: Date | string;
}

const info = (row: CounterRow | undefined): ClientRateLimitInfo | undefined =>
  row ? { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) } : undefined;

/**
 * express-rate-limit's Store over the database, so a limit holds across every app instance on it
 * (DESIGN §18). One row per limiter and client key, reset in place when its window has passed, and
 * expired rows deleted every minute: an anonymous client can never grow the table by more than the
 * one row of its key. Windows are timed by the database's clock, the one clock all instances share.
 */
export class DatabaseRateLimitStore implements Store {
  /** Keys counted here are seen by every instance: express-rate-limit's double-count check relies on it. */
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.query<CounterRow>('SELECT hits, reset_at FROM platform.rate_limit_counters WHERE limiter = $1 AND key = $2 AND reset_at > now()', [
      this.prefix,
      key,
    ]);
    return info(rows[0]);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { rows } = await this.db.query<CounterRow>(
      `INSERT INTO platform.rate_limit_counters AS c (limiter, key, hits, reset_at)
       VALUES ($1, $2, 1, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (limiter, key) DO UPDATE SET
         hits = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.hits + 1 END,
         reset_at = CASE WHEN c.reset_at <= now() THEN EXCLUDED.reset_at ELSE c.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix, key, this.windowMs],
    );
    return info(rows[0])!;
  }

  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE platform.rate_limit_counters SET hits = hits - 1 WHERE limiter = $1 AND key = $2 AND hits > 0 AND reset_at > now()', [this.prefix, key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM platform.rate_limit_counters WHERE limiter = $1 AND key = $2', [this.prefix, key]);
  }

  async resetAll(): Promise<void> {
    await this.db.query('DELETE FROM platform.rate_limit_counters WHERE limiter = $1', [this.prefix]);
  }
}

/** Deletes every limiter's expired counters; answers how many went. */
export async function pruneRateLimitCounters(db: Database): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM platform.rate_limit_counters WHERE reset_at <= now()');
  return rowCount;
}

/**
 * Hands every rate limiter its database-backed store (`store: counters.store('contact')`) and
 * prunes expired counters while any store is in use. Provided by PlatformModule to every feature;
 * the table is created with the runtime (migration 0300_shared_state).
 */
export class RateLimitCounters {
  private readonly logger = new Logger('rate-limits');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Database) {}

  /**
   * A new store for the limiter called `name` (a store object per limiter: express-rate-limit refuses
   * a shared one); limiters with one name count together, on every instance.
   */
  store(name: string): DatabaseRateLimitStore {
    this.timer ??= setInterval(() => {
      pruneRateLimitCounters(this.db).catch((e: Error) => this.logger.warn(`Pruning expired rate-limit counters failed: ${e.message}`));
    }, PRUNE_EVERY_MS).unref();
    return new DatabaseRateLimitStore(this.db, name);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
