import { CONTACT_STREAM_PREFIX, assertNever, erasedMessageIds, isContactEventType, isLegacyContactMessage, isPrivacyEventType, occurredAtOf, type ContactEvent, type DeliveryStatus, type PrivacyEvent, type RecordedEvent } from '@punchline/domain';
import { isoTimestamp, type SqlClient } from '../ports/database.port';
import { qualified, type Projection } from '../projection';

/**
 * One row of rm.contact_responses: a message and what became of it (SPEC §3 "Contact response").
 * No personal data (DESIGN §16): the words and notes are references into the privacy store, which
 * the read side opens; an erased message keeps its row with `erasedAt` and no references.
 */
export interface ContactResponseRow {
  id: string;
  /** The sender's opaque subject id; null for a first-release event still in the log (EventStoreDB). */
  subjectId: string | null;
  /** Privacy-store record of the message's words; null once erased (or first-release). */
  recordId: string | null;
  /** Privacy-store record of the current notes; null for none. */
  notesRecordId: string | null;
  createdAt: string;
  responded: boolean;
  respondedAt: string | null;
  respondedBy: string | null;
  deliveryStatus: DeliveryStatus;
  deliveryError: string | null;
  /** When the message's personal data was erased (by request or retention); null while kept. */
  erasedAt: string | null;
  /** Global position of ContactMessageReceived: orders messages received in the same millisecond. */
  position: number;
  /** Global position of the last event applied to the row. */
  version: number;
}

/** The message id a contact stream is named after, or null for a stream that is not one. */
export function contactMessageIdOf(streamId: string): string | null {
  if (!streamId.startsWith(CONTACT_STREAM_PREFIX)) return null;
  const id = streamId.slice(CONTACT_STREAM_PREFIX.length);
  return id === '' ? null : id;
}

/**
 * One event onto a row (null before ContactMessageReceived). Events of a message that was never
 * received leave nothing: a read model must not invent messages.
 */
export function applyContactEvent(row: ContactResponseRow | null, event: RecordedEvent, id: string): ContactResponseRow | null {
  const e = event as unknown as ContactEvent;
  const version = event.globalPosition;
  switch (e.type) {
    case 'ContactMessageReceived':
      // A stream is created once (expected revision no_stream), so a second one cannot exist; keep the first if it did.
      if (row) return row;
      return {
        id,
        subjectId: isLegacyContactMessage(e.data) ? null : e.data.subjectId,
        recordId: isLegacyContactMessage(e.data) ? null : e.data.personal.recordId,
        notesRecordId: null,
        createdAt: occurredAtOf(event),
        responded: false,
        respondedAt: null,
        respondedBy: null,
        deliveryStatus: 'pending',
        deliveryError: null,
        erasedAt: null,
        position: event.globalPosition,
        version,
      };
    case 'ContactDeliveryRecorded':
      return row && { ...row, deliveryStatus: e.data.status, deliveryError: e.data.error ?? null, version };
    case 'ResponseMarked':
      return row && { ...row, responded: e.data.responded, respondedAt: e.data.respondedAt ?? null, respondedBy: e.data.respondedBy ?? null, version };
    case 'ResponseNotesEdited':
      // A first-release event's text (a string) stays in the log where it could not be migrated; the inbox shows none.
      return row && { ...row, notesRecordId: e.data.notes !== null && typeof e.data.notes === 'object' ? e.data.notes.recordId : null, version };
    default:
      return assertNever(e, 'contact event');
  }
}

/** An erasure onto a row: references gone, the time kept (the inbox shows 'Erased on {date}'). */
export function applyErasure(row: ContactResponseRow | null, event: RecordedEvent): ContactResponseRow | null {
  if (!row || row.erasedAt !== null) return row;
  return { ...row, recordId: null, notesRecordId: null, erasedAt: occurredAtOf(event), version: event.globalPosition };
}

/** A row of rm.contact_responses as the database hands it back (what readers of the table select from). */
export interface ContactResponsesTableRow {
  id: string;
  subject_id: string | null;
  record_id: string | null;
  notes_record_id: string | null;
  created_at: string | Date;
  responded: boolean;
  responded_at: string | Date | null;
  responded_by: string | null;
  delivery_status: DeliveryStatus;
  delivery_error: string | null;
  erased_at: string | Date | null;
  position: string | number;
  version: string | number;
}

/**
 * The Contact Responses inbox (SPEC §2, §3, §7). A batch loads the rows its events touch in one
 * query, folds them in memory and writes them back with one multi-row upsert, so replaying many
 * messages costs two statements per batch.
 */
export const contactResponsesProjection: Projection = {
  name: 'contact_responses',
  // 2: trigram index for q; 3: the lowercased search column it is built on (search.ts);
  // 4: no personal data (DESIGN §16): references into the privacy store, erased_at, no search column.
  version: 4,
  tables: [{ name: 'contact_responses', primaryKey: ['id'] }],

  async migrate(tx: SqlClient, schema: string): Promise<void> {
    const table = qualified(schema, 'contact_responses');
    await tx.query(`
      CREATE TABLE IF NOT EXISTS ${table} (
        id text PRIMARY KEY,
        subject_id text NULL,
        record_id text NULL,
        notes_record_id text NULL,
        created_at timestamptz NOT NULL,
        responded boolean NOT NULL,
        responded_at timestamptz NULL,
        responded_by text NULL,
        delivery_status text NOT NULL CHECK (delivery_status IN ('pending', 'sent', 'failed', 'skipped')),
        delivery_error text NULL,
        erased_at timestamptz NULL,
        position bigint NOT NULL,
        version bigint NOT NULL
      );
    `);
  },

  async readIndexes(tx: SqlClient, schema: string): Promise<void> {
    const table = qualified(schema, 'contact_responses');
    await tx.query(`
      CREATE INDEX IF NOT EXISTS contact_responses_created_idx ON ${table} (created_at, position);
      CREATE INDEX IF NOT EXISTS contact_responses_responded_idx ON ${table} (responded, created_at, position);
      CREATE INDEX IF NOT EXISTS contact_responses_pending_idx ON ${table} (position) WHERE delivery_status = 'pending';
      CREATE INDEX IF NOT EXISTS contact_responses_subject_idx ON ${table} (subject_id);
    `);
  },

  async apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void> {
    const mine = events.flatMap((event) => {
      if (isPrivacyEventType(event.type)) return erasedMessageIds(event as unknown as PrivacyEvent).map((id) => ({ id, event }));
      const id = contactMessageIdOf(event.streamId);
      return id !== null && isContactEventType(event.type) ? [{ id, event }] : [];
    });
    if (mine.length === 0) return;
    const table = qualified(schema, 'contact_responses');

    const receivedHere = new Set(mine.filter((m) => m.event.type === 'ContactMessageReceived').map((m) => m.id));
    const toLoad = [...new Set(mine.map((m) => m.id).filter((id) => !receivedHere.has(id)))];
    const rows = new Map<string, ContactResponseRow | null>();
    if (toLoad.length > 0) {
      const loaded = await tx.query<ContactResponsesTableRow>(`SELECT * FROM ${table} WHERE id = ANY($1::text[])`, [toLoad]);
      for (const r of loaded.rows) {
        rows.set(r.id, {
          id: r.id,
          subjectId: r.subject_id,
          recordId: r.record_id,
          notesRecordId: r.notes_record_id,
          createdAt: isoTimestamp(r.created_at)!,
          responded: r.responded,
          respondedAt: isoTimestamp(r.responded_at),
          respondedBy: r.responded_by,
          deliveryStatus: r.delivery_status,
          deliveryError: r.delivery_error,
          erasedAt: isoTimestamp(r.erased_at),
          position: Number(r.position),
          version: Number(r.version),
        });
      }
    }
    const touched = new Set<string>();
    for (const { id, event } of mine) {
      const next = isPrivacyEventType(event.type) ? applyErasure(rows.get(id) ?? null, event) : applyContactEvent(rows.get(id) ?? null, event, id);
      rows.set(id, next);
      if (next) touched.add(id);
    }
    const out = [...touched].map((id) => rows.get(id)!);
    if (out.length === 0) return;
    await tx.query(
      `INSERT INTO ${table} (id, subject_id, record_id, notes_record_id, created_at, responded, responded_at, responded_by, delivery_status, delivery_error, erased_at, position, version)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::boolean[], $7::timestamptz[], $8::text[], $9::text[], $10::text[], $11::timestamptz[], $12::bigint[], $13::bigint[])
       ON CONFLICT (id) DO UPDATE SET
         record_id = EXCLUDED.record_id, notes_record_id = EXCLUDED.notes_record_id, erased_at = EXCLUDED.erased_at,
         responded = EXCLUDED.responded, responded_at = EXCLUDED.responded_at, responded_by = EXCLUDED.responded_by,
         delivery_status = EXCLUDED.delivery_status, delivery_error = EXCLUDED.delivery_error, version = EXCLUDED.version`,
      [
        out.map((r) => r.id),
        out.map((r) => r.subjectId),
        out.map((r) => r.recordId),
        out.map((r) => r.notesRecordId),
        out.map((r) => r.createdAt),
        out.map((r) => r.responded),
        out.map((r) => r.respondedAt),
        out.map((r) => r.respondedBy),
        out.map((r) => r.deliveryStatus),
        out.map((r) => r.deliveryError),
        out.map((r) => r.erasedAt),
        out.map((r) => r.position),
        out.map((r) => r.version),
      ],
    );
  },
};
