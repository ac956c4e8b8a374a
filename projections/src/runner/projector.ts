import { EventEmitter } from 'node:events';
import { assertNever, type EventStore, type EventSubscription } from '@punchline/domain';
import type { Database, DedicatedSession } from '../ports/database.port';
import { assertIdentifier, qualified, type Projection } from '../projection';
import { planBatch, readFrom, type ProjectionCursor } from './batch-plan';
import { buildDeferredIndexes } from './deferred-indexes';
import { CHECKPOINT_TABLE, LIVE_SCHEMA, LOCK_KEYS, PROJECTED_CHANNEL, SWAPPED_CHANNEL, assertUniqueNames, ensureReadModels, readCheckpoints } from './read-models';

/** pino-compatible (details first, message second), so the app's logger can be passed as is. */
export interface ProjectorLogger {
  debug(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface ProjectorOptions {
  db: Database;
  store: EventStore;
  projections: Projection[];
  /** Read-model schema (default rm). */
  schema?: string;
  /** Events read and applied per transaction (default 500). */
  batchSize?: number;
  /** NOTIFY channel of the event store (default es_events). */
  notifyChannel?: string;
  /** NOTIFY channel announcing committed batches, which wakes waitFor in non-leader processes (default rm_projected). */
  projectedChannel?: string;
  /** Poll interval when no notification arrives (default 1000 ms). */
  pollMs?: number;
  /** How often a non-leader retries the leader lock and a leader checks its lock session (default 3000 ms). */
  leaderRetryMs?: number;
  /** Pause after a failed batch before retrying it (default 1000 ms). */
  errorBackoffMs?: number;
  /**
   * What wakes the leader when the log grows: 'notify' (LISTEN on notifyChannel: the postgres store's
   * NOTIFY on commit) or 'subscription' (the store port's subscribe: a catch-up subscription to $all
   * on EventStoreDB, which sends no NOTIFY). Default: 'subscription' on eventstoredb, else 'notify'.
   * Either way the poll stays as the fallback.
   */
  wakeOn?: 'notify' | 'subscription';
  logger?: ProjectorLogger;
}

export type BatchOutcome =
  | { kind: 'applied'; events: number; position: number }
  | { kind: 'caught-up'; position: number }
  /** Another leader moved a checkpoint first: nothing applied, checkpoints re-read. */
  | { kind: 'conflict' };

export interface ProjectorLag {
  /** Lowest checkpoint of this process's projections. */
  checkpoint: number;
  /** Newest position in the event store. */
  head: number;
  /** The leader's wake-up subscription; null where there is none (notify mode, or not the leader). */
  subscription: WakeSubscriptionStatus | null;
}

export interface WakeSubscriptionStatus {
  /** Position of the last event it delivered (where it started, before the first). */
  position: number;
  /** head − position in the store's units (log bytes on EventStoreDB): 0 once it has delivered the head. */
  behind: number;
  /** Milliseconds from the last event's recordedAt to its arrival here (server clock vs ours); null before one. */
  lastEventDelayMs: number | null;
  /** When the last event arrived (ISO 8601), or null. */
  lastEventAt: string | null;
}

interface WakeFollower {
  status: { position: number; lastEventDelayMs: number | null; lastEventAt: string | null };
  close(): Promise<void>;
}

class CheckpointMovedError extends Error {}

const silentLogger: ProjectorLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The projector (DESIGN §5). Per projection one checkpoint row (name, version, position) in
 * rm.projection_checkpoints. Each batch is one transaction that first moves the checkpoints with a
 * guard (WHERE position = expected AND version = ours) and then applies the events: effects and
 * checkpoint commit together or not at all, so every event is applied exactly once, also after
 * kill -9; a guard that matches fewer rows means another leader got there first, so the batch rolls
 * back and the checkpoints are re-read. Only the holder of a session advisory lock runs batches
 * (PGlite is one process, so always leader); the others only answer waitFor/lag from the table.
 */
export class Projector {
  private readonly db: Database;
  private readonly store: EventStore;
  private readonly projections: Projection[];
  private readonly schema: string;
  private readonly batchSize: number;
  private readonly channel: string;
  private readonly projectedChannel: string;
  private readonly pollMs: number;
  private readonly leaderRetryMs: number;
  private readonly errorBackoffMs: number;
  private readonly wakeOn: 'notify' | 'subscription';
  private readonly logger: ProjectorLogger;

  private running = false;
  private leader = false;
  private session: DedicatedSession | null = null;
  private lastLeaderCheck = 0;
  private loop: Promise<void> | null = null;
  private readonly unlisteners: (() => Promise<void>)[] = [];
  /** One table read shared by every waitFor of a non-leader polling at the same moment. */
  private sharedRead: { at: number; value: Promise<number> } | null = null;
  /** Checkpoints as last committed by this process; null means re-read from the table. */
  private cursors: ProjectionCursor<Projection>[] | null = null;
  private readonly disabled = new Set<string>();
  private readonly advanced = new EventEmitter();
  private wakePending = false;
  private wakeSleep: (() => void) | null = null;
  private endSleep: (() => void) | null = null;
  private applied = 0;
  private batches = 0;
  private follower: WakeFollower | null = null;
  /** The leader's background build of missing deferred indexes, and its backend's pid to cancel it on stop. */
  private indexing: Promise<void> | null = null;
  private indexingPid: number | null = null;

  constructor(options: ProjectorOptions) {
    assertUniqueNames(options.projections);
    this.db = options.db;
    this.store = options.store;
    this.projections = options.projections;
    this.schema = assertIdentifier(options.schema ?? LIVE_SCHEMA, 'schema name');
    this.batchSize = options.batchSize ?? 500;
    this.channel = assertIdentifier(options.notifyChannel ?? 'es_events', 'channel name');
    this.projectedChannel = assertIdentifier(options.projectedChannel ?? PROJECTED_CHANNEL, 'channel name');
    this.pollMs = options.pollMs ?? 1000;
    this.leaderRetryMs = options.leaderRetryMs ?? 3000;
    this.errorBackoffMs = options.errorBackoffMs ?? 1000;
    this.wakeOn = options.wakeOn ?? (options.store.kind === 'eventstoredb' ? 'subscription' : 'notify');
    this.logger = options.logger ?? silentLogger;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) throw new Error(`Invalid batch size ${this.batchSize}`);
    // Every pending waitFor listens; there can be many concurrent requests.
    this.advanced.setMaxListeners(0);
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** Counters of this process (tests and logs): events applied and batches committed as leader. */
  get stats(): { appliedEvents: number; batches: number } {
    return { appliedEvents: this.applied, batches: this.batches };
  }

  /** Migrates the read models, then runs in the background until stop(). */
  async start(): Promise<void> {
    if (this.running) return;
    const migration = await ensureReadModels(this.db, this.projections, this.schema);
    if (migration.created.length + migration.rebuilt.length > 0) this.logger.info({ ...migration }, 'read models migrated');
    this.running = true;
    try {
      if (this.wakeOn === 'notify') this.unlisteners.push(await this.db.listen(this.channel, () => this.wake()));
      // A replay swap (restore's, on any instance) installs tables without their deferred indexes.
      this.unlisteners.push(await this.db.listen(SWAPPED_CHANNEL, () => this.leader && this.buildIndexesInBackground()));
      this.unlisteners.push(
        await this.db.listen(this.projectedChannel, () => {
          this.sharedRead = null;
          this.advanced.emit('advanced');
        }),
      );
    } catch (error) {
      this.logger.warn({ err: describeError(error) }, 'LISTEN failed; relying on polling');
    }
    this.loop = this.run();
  }

  /** Graceful: lets the current batch commit, then gives up leadership. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.endSleep?.();
    await this.loop;
    this.loop = null;
    for (const unlisten of this.unlisteners.splice(0)) await unlisten().catch(() => undefined);
    await this.stopIndexing();
    await this.stopFollowing();
    await this.resign();
    this.advanced.emit('advanced');
  }

  /** New events may be there (NOTIFY, or an append in this process). */
  wake(): void {
    if (this.wakeSleep) this.wakeSleep();
    else this.wakePending = true;
  }

  /**
   * Read-your-writes: true once every projection of this process has passed `position`, false after
   * timeoutMs. The leader is told in-process when a batch commits; other started processes hear the
   * batch's NOTIFY and re-read the table, which they also poll in case a notification is lost.
   */
  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = this.leader && this.cursors ? this.memoryCheckpoint() : await this.sharedCheckpoint();
      if (current >= position) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.advanced.off('advanced', done);
          resolve();
        };
        // Leader: in-process signal, the timer is a safety net. Listening non-leader: NOTIFY, poll covers a lost one. Else poll.
        const pollMs = this.leader ? 250 : this.unlisteners.length > 0 ? 1000 : 50;
        const timer = setTimeout(done, Math.min(remaining, pollMs));
        this.advanced.on('advanced', done);
      });
    }
  }

  /** For the health endpoint. */
  async lag(): Promise<ProjectorLag> {
    const [checkpoint, head] = await Promise.all([this.checkpoint(), this.store.headPosition()]);
    const followed = this.follower?.status;
    const subscription = followed ? { ...followed, behind: Math.max(0, head - followed.position) } : null;
    return { checkpoint, head, subscription };
  }

  /** Lowest committed checkpoint among this process's projections, read from the table. */
  async checkpoint(): Promise<number> {
    const byName = new Map((await readCheckpoints(this.db, this.schema)).map((c) => [c.name, c]));
    const mine = this.projections.map((p) => byName.get(p.name)).filter((c, i) => c && c.version === this.projections[i].version);
    return mine.length === 0 ? 0 : Math.min(...mine.map((c) => c!.position));
  }

  private sharedCheckpoint(): Promise<number> {
    const now = Date.now();
    if (!this.sharedRead || now - this.sharedRead.at > 20) {
      const value = this.checkpoint();
      this.sharedRead = { at: now, value };
      // A failed read must not be reused by later waiters.
      value.catch(() => {
        if (this.sharedRead?.value === value) this.sharedRead = null;
      });
    }
    return this.sharedRead.value;
  }

  /**
   * Reads one batch after the lowest checkpoint and applies it in one transaction. Used by the
   * background loop; callable directly (tests, tools) when no loop runs in this process.
   */
  async processNextBatch(): Promise<BatchOutcome> {
    const cursors = await this.loadCursors();
    const from = readFrom(cursors);
    if (from === null) return { kind: 'caught-up', position: this.memoryCheckpoint() };
    const events = await this.store.readAll({ fromPosition: from, limit: this.batchSize });
    const slices = planBatch(cursors, events);
    if (slices.length === 0) return { kind: 'caught-up', position: this.memoryCheckpoint() };
    this.logger.debug({ from, events: events.length }, 'applying batch');
    try {
      await this.db.transaction(async (tx) => {
        // Read models are derived: a crash may lose the last batches, but only whole, with their
        // checkpoint (one transaction), so they are simply projected again. No fsync to wait for.
        await tx.query('SET LOCAL synchronous_commit = off');
        // Shared with other batches, exclusive for replay's compare/swap, which pauses us meanwhile.
        await tx.query('SELECT pg_advisory_xact_lock_shared($1)', [LOCK_KEYS.batches]);
        // Guard first: its row locks also make a second leader wait here instead of duplicating work.
        const moved = await tx.query(
          `UPDATE ${qualified(this.schema, CHECKPOINT_TABLE)} AS c SET position = e.next, updated_at = now()
             FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) AS e(name, version, expected, next)
            WHERE c.name = e.name AND c.version = e.version AND c.position = e.expected`,
          [
            slices.map((s) => s.projection.name),
            slices.map((s) => s.projection.version),
            slices.map((s) => s.expected),
            slices.map((s) => s.next),
          ],
        );
        if (moved.rowCount !== slices.length) throw new CheckpointMovedError();
        // Delivered at commit only, so a waiter that hears it finds the new checkpoint.
        await tx.query('SELECT pg_notify($1, $2)', [this.projectedChannel, String(Math.max(...slices.map((s) => s.next)))]);
        for (const slice of slices) {
          if (slice.events.length > 0) await slice.projection.apply(tx, this.schema, slice.events);
        }
      });
    } catch (error) {
      this.cursors = null;
      if (error instanceof CheckpointMovedError) {
        this.logger.warn({ from }, 'checkpoint moved by another projector; re-reading');
        return { kind: 'conflict' };
      }
      throw error;
    }
    for (const slice of slices) {
      const cursor = cursors.find((c) => c.projection === slice.projection);
      if (cursor) cursor.position = slice.next;
    }
    const last = Math.max(...slices.map((s) => s.next));
    const count = events.filter((e) => e.globalPosition > from && e.globalPosition <= last).length;
    this.applied += count;
    this.batches += 1;
    this.logger.debug({ from, to: last, events: count }, 'batch applied');
    this.advanced.emit('advanced');
    return { kind: 'applied', events: count, position: this.memoryCheckpoint() };
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!(await this.holdLeadership())) {
          await this.sleep(this.leaderRetryMs, false);
          continue;
        }
        const outcome = await this.processNextBatch();
        switch (outcome.kind) {
          case 'applied':
          case 'conflict':
            break;
          case 'caught-up':
            await this.sleep(this.pollMs, true);
            break;
          default:
            assertNever(outcome, 'batch outcome');
        }
      } catch (error) {
        this.logger.error({ err: describeError(error) }, 'projector batch failed; retrying');
        await this.sleep(this.errorBackoffMs, false);
      }
    }
  }

  /** True while this process may run batches; on Postgres, tries to take or re-checks the leader lock. */
  private async holdLeadership(): Promise<boolean> {
    if (this.db.kind === 'pglite') {
      if (!this.leader) this.becomeLeader();
      return true;
    }
    if (this.leader) {
      if (Date.now() - this.lastLeaderCheck < this.leaderRetryMs) return true;
      try {
        // The lock lives as long as this connection; a dead connection means someone else may lead now.
        await this.session!.check();
        this.lastLeaderCheck = Date.now();
        return true;
      } catch (error) {
        this.logger.warn({ err: describeError(error) }, 'leader session lost; stepping down');
        this.leader = false;
        await this.stopFollowing();
        await this.dropSession();
        return false;
      }
    }
    try {
      this.session ??= await this.db.dedicatedSession();
      const { rows } = await this.session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEYS.leader]);
      if (rows[0]?.locked !== true) return false;
      this.becomeLeader();
      return true;
    } catch (error) {
      this.logger.warn({ err: describeError(error) }, 'leader election failed; retrying');
      await this.dropSession();
      return false;
    }
  }

  private becomeLeader(): void {
    this.leader = true;
    this.lastLeaderCheck = Date.now();
    this.cursors = null;
    this.logger.info({ pid: process.pid }, 'projector is leader');
    if (this.wakeOn === 'subscription') this.follower = this.follow();
    this.buildIndexesInBackground();
  }

  /**
   * Missing deferred indexes (after a restore, or a build cut short) are built beside the batches,
   * which they do not block (CREATE INDEX CONCURRENTLY); a failure is logged and the next start or
   * swap tries again.
   */
  private buildIndexesInBackground(): void {
    if (this.indexing || !this.running) return;
    this.indexing = (async () => {
      try {
        const outcome = await buildDeferredIndexes(this.db, this.projections, this.schema, (pid) => {
          this.indexingPid = pid;
        });
        if (outcome.built.length > 0) this.logger.info({ indexes: outcome.built, seconds: Math.round(outcome.seconds * 10) / 10 }, 'deferred read indexes built');
      } catch (error) {
        if (this.running) this.logger.warn({ err: describeError(error) }, 'building deferred read indexes failed; the next start or swap tries again');
      } finally {
        this.indexing = null;
        this.indexingPid = null;
      }
    })();
  }

  /** A build still running is cancelled (it leaves an invalid index, dropped and built again next time). */
  private async stopIndexing(): Promise<void> {
    const indexing = this.indexing;
    if (!indexing) return;
    if (this.indexingPid !== null) await this.db.query('SELECT pg_cancel_backend($1)', [this.indexingPid]).catch(() => undefined);
    await indexing;
  }

  /**
   * The leader's wake-up in subscription mode: a subscription from the store's head whose every
   * event wakes the batch loop, so read-your-writes does not wait for the poll. It only signals: the
   * batches still read the log themselves (from their checkpoints, in one transaction each). If it
   * fails, the error is logged and it starts again from the head after the error backoff; the poll
   * covers the gap.
   */
  private follow(): WakeFollower {
    let closed = false;
    let subscription: EventSubscription | null = null;
    let cancelPause: (() => void) | null = null;
    const follower: WakeFollower = {
      status: { position: 0, lastEventDelayMs: null, lastEventAt: null },
      close: async () => {
        closed = true;
        cancelPause?.();
        await subscription?.close().catch(() => undefined);
        await done;
      },
    };
    const done = (async () => {
      while (!closed) {
        try {
          const from = await this.store.headPosition();
          if (closed) return;
          follower.status = { position: from, lastEventDelayMs: null, lastEventAt: null };
          subscription = this.store.subscribe({ fromPosition: from });
          // Anything appended between the last batch and `from` is the batch loop's to read.
          this.wake();
          for await (const event of subscription) {
            const now = Date.now();
            follower.status = { position: event.globalPosition, lastEventDelayMs: now - Date.parse(event.recordedAt), lastEventAt: new Date(now).toISOString() };
            this.wake();
          }
        } catch (error) {
          if (!closed) this.logger.error({ err: describeError(error) }, 'wake-up subscription failed; polling until it is back');
        }
        if (closed) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.errorBackoffMs);
          cancelPause = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    })();
    return follower;
  }

  private async stopFollowing(): Promise<void> {
    const follower = this.follower;
    this.follower = null;
    await follower?.close();
  }

  private async resign(): Promise<void> {
    if (this.leader && this.session) {
      await this.session.query('SELECT pg_advisory_unlock($1)', [LOCK_KEYS.leader]).catch(() => undefined);
    }
    this.leader = false;
    await this.dropSession();
  }

  private async dropSession(): Promise<void> {
    const session = this.session;
    this.session = null;
    await session?.release().catch(() => undefined);
  }

  private async loadCursors(): Promise<ProjectionCursor<Projection>[]> {
    if (this.cursors) return this.cursors;
    const byName = new Map((await readCheckpoints(this.db, this.schema)).map((c) => [c.name, c]));
    const cursors: ProjectionCursor<Projection>[] = [];
    for (const projection of this.projections) {
      const checkpoint = byName.get(projection.name);
      if (!checkpoint) throw new Error(`No checkpoint row for projection ${projection.name}: ensureReadModels has not run`);
      if (checkpoint.version !== projection.version) {
        // Another deployment rebuilt it with a different version: applying our mapping would corrupt it.
        if (!this.disabled.has(projection.name)) {
          this.logger.error({ projection: projection.name, ours: projection.version, stored: checkpoint.version }, 'projection version differs from the database; not applying it');
          this.disabled.add(projection.name);
        }
        continue;
      }
      this.disabled.delete(projection.name);
      cursors.push({ projection, position: checkpoint.position });
    }
    this.cursors = cursors;
    return cursors;
  }

  private memoryCheckpoint(): number {
    const cursors = this.cursors ?? [];
    return cursors.length === 0 ? 0 : Math.min(...cursors.map((c) => c.position));
  }

  /** Waits ms; stop() always interrupts, wake() only when `wakeable` (non-leaders ignore NOTIFY). */
  private sleep(ms: number, wakeable: boolean): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (wakeable && this.wakePending) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeSleep = null;
        this.endSleep = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.endSleep = done;
      if (wakeable) {
        this.wakePending = false;
        this.wakeSleep = done;
      }
    });
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
