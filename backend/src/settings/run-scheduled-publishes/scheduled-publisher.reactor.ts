import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, type PendingSchedule } from '@punchline/domain';
import type { Database } from '@punchline/projections';
import { AccessStream } from '../../access';
import { Clock } from '../../platform/event-sourcing/clock';
import { Reactor, describeError } from '../../platform/event-sourcing/reactor-loop';
import { DATABASE } from '../../platform/platform.module';
import { SiteStream } from '../site-stream';

/** Session advisory lock held by the one scheduled publisher among app instances (715011 is the contact deliverer's). */
export const SCHEDULE_LEADER_LOCK = 715012;
/** How soon a publish held back by another editor's lock is tried again. */
const LOCKED_RETRY_MS = 5_000;
/** Name the decider sees for the publisher's own cancellations (its events carry no actor). */
const PUBLISHER_ACTOR = 'scheduled-publisher';

/**
 * Runs scheduled publishes when they are due (issue 14). A reactor that decides from the site
 * stream: each pass reads the pending schedules from the caught-up aggregate and issues
 * RunScheduledPublish for the due ones; the decider records a schedule's publish at most once, so
 * two instances, a restart or a repeated pass can never publish it twice. One instance runs passes
 * at a time (advisory lock). A schedule missed while the app was down runs on the first pass after
 * start, and its Published event says how late it ran. A publish another editor's lock holds back is
 * tried again every few seconds; one whose author is no longer an admin is cancelled with that reason.
 */
@Injectable()
export class ScheduledPublisher extends Reactor implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    @Inject(DATABASE) db: Database,
    private readonly site: SiteStream,
    private readonly access: AccessStream,
    private readonly clock: Clock,
  ) {
    // Longest sleep between passes, the safety net: a schedule made on any instance wakes the leader when it is projected.
    super(db, SCHEDULE_LEADER_LOCK, new Logger('scheduled-publisher'), 30_000);
  }

  protected pass(): Promise<number | null> {
    return this.runDue();
  }

  /** One pass: publishes what is due; answers ms until the next schedule is due, or null when none waits. */
  async runDue(): Promise<number | null> {
    const { schedules } = await this.site.current();
    let next: number | null = null;
    const soonest = (ms: number): void => {
      next = next === null ? ms : Math.min(next, ms);
    };
    for (const schedule of [...schedules].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
      const dueInMs = Date.parse(schedule.at) - this.clock.now().getTime();
      if (dueInMs > 0) {
        soonest(dueInMs);
        continue;
      }
      if (!(await this.publish(schedule))) soonest(LOCKED_RETRY_MS);
    }
    return next;
  }

  /** false when another editor's lock holds the publish back. */
  private async publish(schedule: PendingSchedule): Promise<boolean> {
    // The schedule's id ties its creation, cancellation or publish together in the audit log.
    const issuer = { correlationId: schedule.id, causationId: null };
    if (!(await this.access.isAdmin(schedule.createdBy))) {
      // No person cancels it: the event names no actor, the decision records the publisher as canceller.
      await this.site.execute({ ...issuer, actorEmail: null }, { type: 'CancelScheduledPublish', data: { scheduleId: schedule.id, reason: 'scheduler-not-admin' } }, PUBLISHER_ACTOR);
      this.logger.warn(`scheduled publish ${schedule.id} cancelled: ${schedule.createdBy} is no longer an admin`);
      return true;
    }
    try {
      const outcome = await this.site.execute({ ...issuer, actorEmail: schedule.createdBy }, { type: 'RunScheduledPublish', data: { scheduleId: schedule.id } });
      const published = outcome.events.find((e) => e.type === 'Published');
      if (published?.type === 'Published') this.logger.log(`scheduled publish ${schedule.id} ran ${published.data.schedule?.lateBySeconds ?? 0} s after its time`);
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'LOCKED') {
        this.logger.warn(`scheduled publish ${schedule.id} waits: ${describeError(error)}`);
        return false;
      }
      throw error;
    }
  }
}
