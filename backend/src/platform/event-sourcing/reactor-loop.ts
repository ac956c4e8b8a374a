import type { Logger } from '@nestjs/common';
import { PROJECTED_CHANNEL, type Database, type DedicatedSession } from '@punchline/projections';

/**
 * Leadership among app instances for work only one of them should do at a time: a session-level
 * PostgreSQL advisory lock on a dedicated connection, held while the connection lives (a crashed
 * leader's lock dies with it). PGlite is one process, so it always leads.
 */
export class LeaderLock {
  private session: DedicatedSession | null = null;
  private leader = false;

  constructor(
    private readonly db: Database,
    private readonly lockId: number,
    private readonly logger: Logger,
  ) {}

  /** Whether this instance leads now; tries to take the lock when it does not. */
  async hold(): Promise<boolean> {
    if (this.db.kind === 'pglite') return true;
    try {
      if (this.leader && this.session) {
        await this.session.check();
        return true;
      }
      this.session ??= await this.db.dedicatedSession();
      const { rows } = await this.session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [this.lockId]);
      this.leader = rows[0]?.locked === true;
      return this.leader;
    } catch (error) {
      // The lock died with the connection: another instance may lead now.
      this.logger.warn(`leadership lost or not available: ${describeError(error)}`);
      this.leader = false;
      const session = this.session;
      this.session = null;
      await session?.release().catch(() => undefined);
      return false;
    }
  }

  async release(): Promise<void> {
    const session = this.session;
    this.session = null;
    this.leader = false;
    if (!session) return;
    await session.query('SELECT pg_advisory_unlock($1)', [this.lockId]).catch(() => undefined);
    await session.release().catch(() => undefined);
  }
}

export interface ReactorLoopOptions {
  leader: LeaderLock;
  logger: Logger;
  /** One pass of work; answers ms until more is due (0: at once), or null for "nothing known". */
  pass: () => Promise<number | null>;
  /** Longest sleep between passes (read each time, so tests can shorten it). */
  pollMs: () => number;
  /** Sleep before trying for leadership again. */
  leaderRetryMs: () => number;
}

/**
 * Sleep after the nth failed pass in a row: 1 s, doubling, at most 10 s. A failure that lasts (a full
 * disk under the image variants, a database away) is then retried and logged every 10 s rather than
 * every second; a wake-up (a new event) still cuts the sleep short.
 */
export function failedPassRetryMs(failuresInARow: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failuresInARow - 1), 10_000);
}

/**
 * The loop of a reactor (contact delivery, scheduled publishing): while running, the leader makes
 * a pass, then sleeps until the pass's next due time, the poll interval, or a wake-up, whichever
 * comes first. A failed pass is logged and retried after a growing pause; it never stops the loop.
 */
export class ReactorLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakePending = false;
  private wakeSleep: (() => void) | null = null;
  private leading = false;

  constructor(private readonly options: ReactorLoopOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** Whether this instance did the last pass (health shows where each reactor runs). */
  get isLeader(): boolean {
    return this.running && this.leading;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Ends the loop after the pass under way and gives up leadership. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wakeSleep?.();
    await this.loop;
    await this.options.leader.release();
  }

  /**
   * Something may be due: make the next pass now. Only the leader heeds it; another instance keeps
   * to its leadership retries (a wake-up per projected batch must not become a lock attempt each).
   */
  wake(): void {
    if (!this.leading) return;
    if (this.wakeSleep) this.wakeSleep();
    else this.wakePending = true;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let waitMs = this.options.pollMs();
      try {
        this.leading = await this.options.leader.hold();
        if (this.leading) {
          const next = await this.options.pass();
          if (next !== null) waitMs = Math.min(waitMs, next);
        } else {
          waitMs = this.options.leaderRetryMs();
        }
        failures = 0;
      } catch (error) {
        failures += 1;
        waitMs = Math.min(waitMs, failedPassRetryMs(failures));
        this.options.logger.error(`pass failed (${failures} in a row); retrying in ${waitMs} ms: ${describeError(error)}`);
      }
      await this.sleep(waitMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (this.wakePending) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeSleep = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleep = done;
    });
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ReactorOptions {
  /**
   * Make a pass whenever a projector batch commits (NOTIFY rm_projected, heard by every instance on
   * the database; default true). The projector follows the log on either event store (NOTIFY on
   * PostgreSQL, the $all subscription on EventStoreDB), so whatever any instance appends reaches the
   * leading reactor within a batch. A reactor whose work does not follow the log (a timer) turns it off.
   */
  wakeOnLog?: boolean;
}

/**
 * A reactor as a Nest provider (contact delivery, scheduled publishing, image processing): one
 * ReactorLoop with its own advisory lock, started when the app has started and stopped before the
 * platform closes the database. A subclass says what one pass does. Work made on any instance
 * wakes the leading one (see ReactorOptions.wakeOnLog); `pollMs` is only the safety net for a lost
 * notification. Another instance tries for leadership every `leaderRetryMs`, so it takes over
 * within about that long when the leader stops or dies (its lock dies with its connection).
 * Both are read on every pass, so tests can shorten them.
 */
export abstract class Reactor {
  leaderRetryMs = 1_000;
  protected readonly loop: ReactorLoop;
  private unlisten: (() => Promise<void>) | null = null;

  protected constructor(
    private readonly reactorDb: Database,
    lockId: number,
    protected readonly logger: Logger,
    public pollMs: number,
    private readonly reactorOptions: ReactorOptions = {},
  ) {
    this.loop = new ReactorLoop({ leader: new LeaderLock(reactorDb, lockId, logger), logger, pass: () => this.pass(), pollMs: () => this.pollMs, leaderRetryMs: () => this.leaderRetryMs });
  }

  /** One pass of work; answers ms until more is due (0: at once), or null for "nothing known". */
  protected abstract pass(): Promise<number | null>;

  /** Whether this instance runs the reactor now. */
  get isLeader(): boolean {
    return this.loop.isLeader;
  }

  onApplicationBootstrap(): void | Promise<void> {
    return this.start();
  }

  private async start(): Promise<void> {
    if (this.reactorOptions.wakeOnLog !== false && !this.unlisten) {
      try {
        this.unlisten = await this.reactorDb.listen(PROJECTED_CHANNEL, () => this.wake());
      } catch (error) {
        this.logger.warn(`LISTEN ${PROJECTED_CHANNEL} failed; looking for work every ${this.pollMs} ms: ${describeError(error)}`);
      }
    }
    this.loop.start();
  }

  /** Before the platform closes the database (module destroy hooks all run before shutdown hooks). */
  async onModuleDestroy(): Promise<void> {
    await this.loop.stop();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => undefined);
  }

  /** Something may be due: make the next pass now. */
  wake(): void {
    this.loop.wake();
  }
}
