import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  PRIVACY_TEXTS,
  DELIVERY_MAX_ATTEMPTS,
  DELIVERY_RETRY_DELAYS_MS,
  DELIVERY_TEXTS,
  composeContactEmail,
  deliveryRecipient,
  foldContactResponse,
  isPermanentSmtpFailure,
  retryDelayAfter,
  type ContactEvent,
  type DeliveryOutcome,
} from '@punchline/domain';
import { PROJECTED_CHANNEL, type Database } from '@punchline/projections';
import type { AppConfig } from '../../platform/config/config';
import { CONFIG, DATABASE } from '../../platform/platform.module';
import { SettingsReadService } from '../../settings';
import { ContactResponsesReadService, type PendingDelivery } from '../contact-responses.read';
import type { CommandIssuer } from '../../platform/event-sourcing/aggregate-runner';
import { Reactor, describeError } from '../../platform/event-sourcing/reactor-loop';
import { ContactStreams } from '../contact-streams';
import { ContactMailer, SendFailure } from './contact-mailer';

/** Session advisory lock held by the one deliverer among app instances (715001–715005 are the store's and projector's). */
export const DELIVERY_LEADER_LOCK = 715011;
/** Messages looked at per pass; a full pass is followed by another at once. */
const BATCH = 25;
/** A message recorded here is left out of the next passes while the read model may still show it pending. */
const RECORDED_MEMORY_MS = 5 * 60_000;

interface Retry {
  attempts: number;
  nextAt: number;
}

/**
 * Sends each contact message to the collective's mailbox once (DESIGN §10 SMTP_URL) and records the
 * outcome as ContactDeliveryRecorded, which moves the message out of 'pending'.
 *
 * It is a reactor behind the projector: the work list is rm.contact_responses rows still 'pending',
 * read whenever a projector batch commits (NOTIFY rm_projected) and every `pollMs`. The visitor's POST
 * only appends ContactMessageReceived and never waits for SMTP. Before sending, the message's own stream
 * decides: a delivery already recorded there (by this process before a restart, or another instance)
 * means nothing is sent, and the decider refuses to record a second one. One instance delivers at a
 * time (a session advisory lock; PGlite is one process). The one window left is a crash after the SMTP
 * server accepted and before the event is appended: the message is sent again after the restart, with
 * the same Message-ID, which mail software treats as a duplicate.
 *
 * Failures: an SMTP 5xx reply is final ('failed' at once); anything else is retried up to
 * DELIVERY_MAX_ATTEMPTS with waits in between, then 'failed' with the last error. No SMTP_URL or no
 * recipient records 'skipped' with the reason.
 */
@Injectable()
export class ContactDeliveryReactor extends Reactor implements OnApplicationBootstrap, OnModuleDestroy {
  /** Waits between attempts; tests shorten them. */
  retryDelaysMs: readonly number[] = DELIVERY_RETRY_DELAYS_MS;
  maxAttempts = DELIVERY_MAX_ATTEMPTS;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly retries = new Map<string, Retry>();
  private readonly recorded = new Map<string, number>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly streams: ContactStreams,
    private readonly reads: ContactResponsesReadService,
    private readonly mailer: ContactMailer,
    private readonly settings: SettingsReadService,
  ) {
    super(db, DELIVERY_LEADER_LOCK, new Logger('contact-delivery'), 30_000);
  }

  protected pass(): Promise<number | null> {
    return this.deliverDue();
  }

  override async onApplicationBootstrap(): Promise<void> {
    try {
      this.unlisten = await this.db.listen(PROJECTED_CHANNEL, () => this.wake());
    } catch (error) {
      this.logger.warn(`LISTEN ${PROJECTED_CHANNEL} failed; looking for messages every ${this.pollMs} ms: ${describeError(error)}`);
    }
    await super.onApplicationBootstrap();
  }

  /** Before the platform closes the database (module destroy hooks all run before shutdown hooks). */
  override async onModuleDestroy(): Promise<void> {
    if (!this.loop.isRunning) return;
    await super.onModuleDestroy();
    this.mailer.close();
    await this.unlisten?.().catch(() => undefined);
  }

  /** One pass: deliver what is due; answers ms until the next retry is due (0: more work now), or null. */
  private async deliverDue(): Promise<number | null> {
    const now = Date.now();
    for (const [id, at] of this.recorded) if (now - at > RECORDED_MEMORY_MS) this.recorded.delete(id);
    const waiting = [...this.retries].filter(([, retry]) => retry.nextAt > now).map(([id]) => id);
    const due = await this.reads.pendingDeliveries(BATCH, [...waiting, ...this.recorded.keys()]);
    for (const message of due) {
      if (!this.loop.isRunning) return null;
      await this.deliver(message);
    }
    if (due.length === BATCH) return 0;
    const nextAts = [...this.retries.values()].map((retry) => retry.nextAt);
    return nextAts.length === 0 ? null : Math.max(0, Math.min(...nextAts) - Date.now());
  }

  private async deliver(message: PendingDelivery): Promise<void> {
    const history = await this.streams.history(message.id);
    const state = foldContactResponse(history as unknown as ContactEvent[]);
    const received = history[0];
    if (!received || state.messageId === null || state.delivery !== null) {
      this.forget(message.id);
      return;
    }
    // Ties the delivery to the visitor's request and to the message it delivers (audit trail).
    const issuer: CommandIssuer = { actorEmail: null, correlationId: received.metadata.correlationId, causationId: received.eventId };
    // Erased before it could be sent: there is nothing left to send (DESIGN §16).
    if (message.erased) return this.record(message.id, issuer, 'skipped', PRIVACY_TEXTS.erasedBeforeDelivery, null, 0);
    if (!this.mailer.enabled) return this.record(message.id, issuer, 'skipped', DELIVERY_TEXTS.noSmtp, null, 0);
    const live = (await this.settings.getLive()).settings;
    const to = deliveryRecipient(this.config.contactTo, live.contactemail);
    if (!to) return this.record(message.id, issuer, 'skipped', DELIVERY_TEXTS.noRecipient, null, 0);

    const attempt = (this.retries.get(message.id)?.attempts ?? 0) + 1;
    const content = composeContactEmail(message, { siteTitle: live.site_title, receivedAt: message.createdAt, contactPageUrl: `${this.config.publicBaseUrl}/contact` });
    try {
      await this.mailer.send({
        messageId: `<contact-${message.id}@${new URL(this.config.publicBaseUrl).hostname}>`,
        from: { name: `${live.site_title.trim() || 'Punchline'} contact form`, address: this.mailer.senderAddress(to) },
        to,
        replyTo: { name: message.name, address: message.email },
        subject: content.subject,
        text: content.text,
      });
    } catch (error) {
      const failure = error instanceof SendFailure ? error : new SendFailure(describeError(error), undefined);
      const delay = isPermanentSmtpFailure(failure.responseCode) ? null : retryDelayAfter(attempt, this.retryDelaysMs, this.maxAttempts);
      if (delay === null) return this.record(message.id, issuer, 'failed', failure.message, to, attempt);
      this.logger.warn(`delivery of ${message.id} failed (attempt ${attempt}), retrying in ${delay} ms: ${failure.message}`);
      this.retries.set(message.id, { attempts: attempt, nextAt: Date.now() + delay });
      return;
    }
    await this.record(message.id, issuer, 'sent', null, to, attempt);
  }

  private async record(messageId: string, issuer: CommandIssuer, status: DeliveryOutcome, error: string | null, to: string | null, attempts: number): Promise<void> {
    await this.streams.execute(messageId, issuer, (now) => [{ type: 'RecordDelivery', data: { status, error, to, attempts }, metadata: { now } }], {
      waitForProjection: false,
    });
    this.forget(messageId);
    this.recorded.set(messageId, Date.now());
  }

  private forget(messageId: string): void {
    this.retries.delete(messageId);
  }
}
