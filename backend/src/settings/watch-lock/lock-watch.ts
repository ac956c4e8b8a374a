import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { canonicalJson } from '@punchline/domain';
import { PROJECTED_CHANNEL, type Database } from '@punchline/projections';
import { Clock } from '../../platform/event-sourcing/clock';
import { describeError } from '../../platform/event-sourcing/reactor-loop';
import { DATABASE } from '../../platform/platform.module';
import type { DraftLockView } from '@punchline/domain';
import { SettingsReadService, type SnapshotListState } from '../settings-read.service';

/** While someone watches, look anyway this often (a missed notification, a database without LISTEN). */
const FALLBACK_CHECK_MS = 10_000;

export interface LockListener {
  (lock: DraftLockView | null): void;
  /**
   * Told the draft's version now and whenever it moves (issue 25): a save, restore or pull made in
   * another tab or by another admin, so an open editor can reload or offer to.
   */
  draft?: (version: number) => void;
  /** Told the live version now and whenever it moves: a publish (scheduled ones too) or a rollback, wherever made. */
  live?: (version: number) => void;
  /** Told the snapshot lists' state now and whenever it moves: a snapshot saved, deleted or published, wherever. */
  snapshots?: (state: SnapshotListState) => void;
  /** Called when the app shuts down, so an open stream ends instead of holding the server open. */
  end?: () => void;
}

/**
 * Tells open editors when the draft lock changes (issue 12 point 4), when the draft does (issue 25)
 * and when the snapshots do, and every open admin screen when live does (the shell's quick links follow it), so a freed lock reaches the
 * other admin within a second or two instead of at SPEC's 90 s poll. The lock lives in the read
 * model; every projector batch announces itself on rm_projected (on PostgreSQL to every instance),
 * and a lock also changes without any event when it expires, so a timer looks again at its expiry.
 * Reads happen only while at least one admin screen watches.
 */
@Injectable()
export class LockWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('lock-watch');
  private readonly listeners = new Set<LockListener>();
  private last: string | null = null;
  private current: DraftLockView | null = null;
  private draftVersion: number | null = null;
  private liveVersion: number | null = null;
  private snapshots: SnapshotListState | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  private fallbackTimer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<void> | null = null;
  private again = false;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly reads: SettingsReadService,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      this.unlisten = await this.db.listen(PROJECTED_CHANNEL, () => this.check());
    } catch (error) {
      this.logger.warn(`LISTEN ${PROJECTED_CHANNEL} failed; lock changes reach editors within ${FALLBACK_CHECK_MS} ms: ${describeError(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopTimers();
    for (const listener of this.listeners) listener.end?.();
    this.listeners.clear();
    await this.unlisten?.().catch(() => undefined);
  }

  /** Calls `listener` with the lock now and on every change; answers the unsubscribe. */
  async watch(listener: LockListener): Promise<() => void> {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      this.last = null;
      this.draftVersion = null;
      this.liveVersion = null;
      this.snapshots = null;
      this.fallbackTimer = setInterval(() => void this.check(), FALLBACK_CHECK_MS);
      await this.check();
    }
    listener(this.current);
    if (this.draftVersion !== null) listener.draft?.(this.draftVersion);
    if (this.liveVersion !== null) listener.live?.(this.liveVersion);
    if (this.snapshots !== null) listener.snapshots?.(this.snapshots);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopTimers();
    };
  }

  /** Reads the lock and tells the watchers when it changed; overlapping calls collapse into one more read. */
  check(): Promise<void> {
    if (this.listeners.size === 0) return Promise.resolve();
    if (this.checking) {
      this.again = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        try {
          await this.readAndTell();
        } catch (error) {
          this.logger.warn(`lock read failed: ${describeError(error)}`);
        }
      } while (this.again);
    })().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async readAndTell(): Promise<void> {
    const [lock, versions, snapshots] = await Promise.all([this.reads.getNamedLock(this.clock.now()), this.reads.stageVersions(), this.reads.snapshotListState()]);
    this.scheduleExpiryCheck(lock);
    const key = canonicalJson(lock);
    if (key !== this.last) {
      this.last = key;
      this.current = lock;
      for (const listener of this.listeners) listener(lock);
    }
    if (versions.draft !== this.draftVersion) {
      this.draftVersion = versions.draft;
      for (const listener of this.listeners) listener.draft?.(versions.draft);
    }
    if (versions.live !== this.liveVersion) {
      this.liveVersion = versions.live;
      for (const listener of this.listeners) listener.live?.(versions.live);
    }
    if (canonicalJson(snapshots) !== canonicalJson(this.snapshots)) {
      this.snapshots = snapshots;
      for (const listener of this.listeners) listener.snapshots?.(snapshots);
    }
  }

  private scheduleExpiryCheck(lock: DraftLockView | null): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (!lock) return;
    const inMs = Date.parse(lock.expires_at) - this.clock.now().getTime() + 50;
    // setTimeout takes at most ~24.8 days; locks live an hour at the most.
    this.expiryTimer = setTimeout(() => void this.check(), Math.min(Math.max(inMs, 0), 2_147_000_000));
  }

  private stopTimers(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    if (this.fallbackTimer) clearInterval(this.fallbackTimer);
    this.expiryTimer = null;
    this.fallbackTimer = null;
  }
}
