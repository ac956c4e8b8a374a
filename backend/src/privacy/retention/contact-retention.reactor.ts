import { Inject, Injectable, Logger } from '@nestjs/common';
import { PRIVACY_RETENTION_STREAM } from '@punchline/domain';
import type { Database } from '@punchline/projections';
import type { AppConfig } from '../../platform/config/config';
import { Clock } from '../../platform/event-sourcing/clock';
import { Reactor } from '../../platform/event-sourcing/reactor-loop';
import { CONFIG, DATABASE } from '../../platform/platform.module';
import { PrivacyService } from '../privacy.service';

/** Session advisory lock of the one retention runner among app instances (715011–715013 are the other reactors'). */
export const RETENTION_LEADER_LOCK = 715028;
/** Messages erased per run at most: one event names them all, and a backlog is worked off run by run. */
const RUN_MAX = 5000;
const HOUR_MS = 3_600_000;

/**
 * CONTACT_RETENTION_DAYS (DESIGN §16): erases messages received more than that many days ago, one
 * ContactMessagesExpired event per run that found any, by one instance (the shared ReactorLoop with
 * its own advisory lock). Unset: the loop never starts and everything is kept.
 */
@Injectable()
export class ContactRetentionReactor extends Reactor {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly privacy: PrivacyService,
    private readonly clock: Clock,
  ) {
    // Due by the clock, not by what the log says: no pass on every projector batch (DESIGN §18 wake-ups).
    super(db, RETENTION_LEADER_LOCK, new Logger(ContactRetentionReactor.name), HOUR_MS, { wakeOnLog: false });
  }

  override onApplicationBootstrap(): void {
    if (this.config.contactRetentionDays !== undefined) super.onApplicationBootstrap();
  }

  /** One run; public so a test (or an operator's script) can run it at once. Answers how many messages it erased. */
  async runOnce(): Promise<number> {
    const days = this.config.contactRetentionDays;
    if (days === undefined) return 0;
    const cutoff = new Date(this.clock.now().getTime() - days * 24 * HOUR_MS).toISOString();
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT id FROM rm.contact_responses WHERE erased_at IS NULL AND record_id IS NOT NULL AND created_at < $1 ORDER BY position LIMIT $2',
      [cutoff, RUN_MAX],
    );
    if (rows.length === 0) return 0;
    const outcome = await this.privacy.execute(PRIVACY_RETENTION_STREAM, { actorEmail: null, correlationId: `retention-${cutoff}` }, {
      type: 'ExpireContactMessages',
      data: { retentionDays: days, cutoff, messageIds: rows.map((r) => r.id) },
    });
    await this.privacy.vacuum();
    const erased = outcome.events.reduce((n, e) => n + (e.type === 'ContactMessagesExpired' ? e.data.messageIds.length : 0), 0);
    this.logger.log(`retention: erased ${erased} messages received before ${cutoff}`);
    return erased;
  }

  protected async pass(): Promise<number | null> {
    const erased = await this.runOnce();
    return erased >= RUN_MAX ? 0 : null;
  }
}
