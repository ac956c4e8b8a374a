import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CONTACT_STREAM_PREFIX,
  DomainError,
  PRIVACY_AUDIT_ENTRIES_MAX,
  PRIVACY_TEXTS,
  privacyDecider,
  privacyEmailOf,
  privacySubjectStreamId,
  summarizeEvent,
  type EraseAnswer,
  type EventStore,
  type PrivacyCommand,
  type PrivacyEvent,
  type PrivacyMessage,
  type PrivacyState,
  type SubjectAccessAnswer,
} from '@punchline/domain';
import { isoTimestamp, type Database, type Projector } from '@punchline/projections';
import { AccessStream } from '../access';
import { type AggregateRunner, AggregateRunners, type CommandIssuer, type CommandOutcome } from '../platform/event-sourcing/aggregate-runner';
import { Clock } from '../platform/event-sourcing/clock';
import { DATABASE, EVENT_STORE, PROJECTOR } from '../platform/platform.module';
import { OpenedRecordsCache } from './opened-records-cache';
import { PrivacyStore, normalisedEmail, type MessagePersonalData, type NotesPersonalData } from './privacy-store';

interface InboxRow {
  id: string;
  created_at: string | Date;
  responded: boolean;
  responded_at: string | Date | null;
  responded_by: string | null;
  delivery_status: string;
  notes_record_id: string | null;
}

/**
 * After an erasure the dead rows' bytes (ciphertext, and the keys that open it) stay in the tables'
 * pages until a vacuum prunes them. Their indexes hold only ids, so index cleanup is skipped: it
 * would scan every index whole (most of the cost with 100,000 messages) to remove nothing personal.
 */
const VACUUM_PRIVACY = 'VACUUM (INDEX_CLEANUP OFF, TRUNCATE OFF) privacy.records, privacy.subject_keys';

/**
 * Subject access and erasure (DESIGN §16). Erasure is decided on the subject's own stream
 * (`privacy-<subjectId>`, privacyDecider) and carried out by the privacy eraser in the projector's
 * batch, so it is all or nothing; the answer waits for that batch and then vacuums the store's tables.
 */
@Injectable()
export class PrivacyService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PrivacyService.name);
  private readonly runner: AggregateRunner<PrivacyState, PrivacyCommand, PrivacyEvent>;

  constructor(
    runners: AggregateRunners,
    private readonly store: PrivacyStore,
    private readonly opened: OpenedRecordsCache,
    private readonly access: AccessStream,
    private readonly clock: Clock,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTOR) private readonly projector: Projector,
  ) {
    this.runner = runners.create({ decider: privacyDecider, name: 'privacy', staleRevisionText: 'This person was erased at the same time; try again.', cache: false });
  }

  /**
   * An erase whose process died after its event was recorded is carried out by the projector after
   * the restart, but its vacuum never ran: once the projector has caught up, vacuum once (in the
   * background; PGlite has no autovacuum to do it later).
   */
  onApplicationBootstrap(): void {
    void (async () => {
      const head = await this.events.headPosition();
      if (await this.projector.waitFor(head, 120_000)) await this.vacuum();
    })().catch(() => undefined);
  }

  /** Decides on a privacy stream (the subject's, or the retention stream) and waits for the eraser. */
  async execute(streamId: string, issuer: CommandIssuer, command: PrivacyCommand): Promise<CommandOutcome<PrivacyState, PrivacyEvent>> {
    try {
      return await this.runner.execute(streamId, issuer, () => command, { waitForProjection: true });
    } finally {
      // What this instance opened for reading goes too (other instances' entries expire, and are never
      // answered for an erased record: OpenedRecordsCache).
      this.opened.clear();
    }
  }

  /** Everything kept about an address, one JSON document (GDPR Art. 15). */
  async subjectAccess(email: unknown): Promise<SubjectAccessAnswer> {
    const address = requireEmail(email);
    const subjectId = await this.store.findSubject(address);
    const [records, erasures, admin, auditor, audit] = await Promise.all([
      subjectId ? this.store.recordsOfSubject(subjectId) : Promise.resolve([]),
      subjectId ? this.erasuresOf(subjectId) : Promise.resolve([]),
      this.access.isAdmin(address),
      this.access.isAuditor(address),
      this.auditOf(address),
    ]);
    const messageIds = [...new Set(records.map((r) => r.messageId))];
    const inbox = new Map<string, InboxRow>();
    if (messageIds.length > 0) {
      const { rows } = await this.db.query<InboxRow>(
        'SELECT id, created_at, responded, responded_at, responded_by, delivery_status, notes_record_id FROM rm.contact_responses WHERE id = ANY($1::text[])',
        [messageIds],
      );
      for (const row of rows) inbox.set(row.id, row);
    }
    const notes = new Map(records.filter((r) => r.kind === 'notes').map((r) => [r.recordId, (r.data as NotesPersonalData).notes]));
    const messages: PrivacyMessage[] = records
      .filter((r) => r.kind === 'message')
      .map((r) => {
        const data = r.data as MessagePersonalData;
        const row = inbox.get(r.messageId);
        return {
          id: r.messageId,
          received_at: isoTimestamp(row?.created_at ?? r.createdAt),
          name: data.name,
          email: data.email,
          message: data.message,
          notes: row?.notes_record_id ? (notes.get(row.notes_record_id) ?? '') : '',
          responded: row?.responded ?? false,
          responded_at: isoTimestamp(row?.responded_at ?? null),
          responded_by: row?.responded_by ?? null,
          delivery_status: row?.delivery_status ?? 'pending',
        };
      });
    return {
      email: address,
      generated_at: this.clock.now().toISOString(),
      subject_id: subjectId,
      messages,
      erasures,
      access: {
        admin,
        admin_fixed: this.access.envEmails.includes(normalisedEmail(address)),
        auditor,
        auditor_fixed: this.access.envAuditorEmails.includes(normalisedEmail(address)),
      },
      audit,
    };
  }

  /** Erases everything kept about an address; the same answer (and no second event) when asked again. */
  async erase(issuer: CommandIssuer & { actorEmail: string }, email: unknown): Promise<EraseAnswer> {
    const address = requireEmail(email);
    const subjectId = await this.store.subjectFor(address);
    const held = await this.store.messageIdsOf(subjectId);
    const outcome = await this.execute(privacySubjectStreamId(subjectId), issuer, {
      type: 'EraseSubject',
      data: { subjectId, messageIds: held },
      metadata: { actorEmail: issuer.actorEmail },
    });
    await this.vacuum();
    return { erased: { messages: outcome.state.erasedMessageIds.length } };
  }

  /** Plain VACUUM (not FULL): it visits only pages with dead rows (the visibility map skips the rest). */
  async vacuum(): Promise<void> {
    await this.db.query(VACUUM_PRIVACY).catch((error: unknown) => this.logger.warn(`vacuum of the privacy store failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private async erasuresOf(subjectId: string): Promise<SubjectAccessAnswer['erasures']> {
    const events = await this.events.readStream(privacySubjectStreamId(subjectId));
    return events
      .filter((e) => e.type === 'PersonalDataErased')
      .map((e) => {
        const ids = (e.data as { messageIds: string[] }).messageIds;
        return { occurred_at: e.metadata.occurredAt, messages: ids.length, message_ids: ids };
      });
  }

  private async auditOf(email: string): Promise<SubjectAccessAnswer['audit']> {
    const actor = normalisedEmail(email);
    const [count, page] = await Promise.all([
      this.db.query<{ total: string | number }>('SELECT count(*) AS total FROM rm.audit_log WHERE actor_email = $1', [actor]),
      this.db.query<{ event_id: string; position: string | number; occurred_at: string | Date; action: string; meta: unknown; stream_id: string }>(
        'SELECT event_id, position, occurred_at, action, meta, stream_id FROM rm.audit_log WHERE actor_email = $1 ORDER BY position DESC LIMIT $2',
        [actor, PRIVACY_AUDIT_ENTRIES_MAX],
      ),
    ]);
    return {
      total: Number(count.rows[0]?.total ?? 0),
      entries: page.rows.map((r) => ({
        id: r.event_id,
        position: Number(r.position),
        occurred_at: isoTimestamp(r.occurred_at),
        action: r.action,
        summary: r.stream_id.startsWith(CONTACT_STREAM_PREFIX) ? summarizeEvent(r.action, {}) : summarizeEvent(r.action, typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta),
      })),
    };
  }
}

function requireEmail(value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) throw new DomainError('INVALID_INPUT', PRIVACY_TEXTS.emailRequired);
  const email = privacyEmailOf(value);
  if (email === null) throw new DomainError('INVALID_INPUT', PRIVACY_TEXTS.emailInvalid);
  return email;
}
