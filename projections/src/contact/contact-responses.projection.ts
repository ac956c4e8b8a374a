import { CONTACT_STREAM_PREFIX, assertNever, isContactEventType, type ContactEvent, type DeliveryStatus, type RecordedEvent } from '@punchline/domain';
import { isoTimestamp, type SqlClient } from '../ports/database.port';
import { CONTACT_SEARCH_COLUMN, ensureTrigramIndex } from '../search';
import { qualified, type Projection } from '../projection';

/** One row of rm.contact_responses: a message and what became of it (SPEC §3 "Contact response"). */
export interface ContactResponseRow {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  responded: boolean;
  respondedAt: string | null;
  respondedBy: string | null;
  notes: string;
  deliveryStatus: DeliveryStatus;
  deliveryError: string | null;
  /** Global position of ContactMessageReceived: orders messages received in the same millisecond. */
  position: number;
  /** Global position of the last event applied to the row. */
  version: number;
}

/** occurredAt from the command metadata; an unparsable value falls back to the recording time (as in audit). */
function occurredAt(event: RecordedEvent): string {
  const claimed = Date.parse(event.metadata?.occurredAt ?? '');
  return Number.isNaN(claimed) ? event.recordedAt : new Date(claimed).toISOString();
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
        name: e.data.name,
        email: e.data.email,
        message: e.data.message,
        createdAt: occurredAt(event),
        responded: false,
        respondedAt: null,
        respondedBy: null,
        notes: '',
        deliveryStatus: 'pending',
        deliveryError: null,
        position: event.globalPosition,
        version,
      };
    case 'ContactDeliveryRecorded':
      return row && { ...row, deliveryStatus: e.data.status, deliveryError: e.data.error ?? null, version };
    case 'ResponseMarked':
      return row && { ...row, responded: e.data.responded, respondedAt: e.data.respondedAt ?? null, respondedBy: e.data.respondedBy ?? null, version };
    case 'ResponseNotesEdited':
      return row && { ...row, notes: e.data.notes, version };
    default:
      return assertNever(e, 'contact event');
  }
}

/** A row of rm.contact_responses as the database hands it back (what readers of the table select from). */
export interface ContactResponsesTableRow {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string | Date;
  responded: boolean;
  responded_at: string | Date | null;
  responded_by: string | null;
  notes: string;
  delivery_status: DeliveryStatus;
  delivery_error: string | null;
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
  // 2: trigram index for q; 3: the lowercased search column it is built on (search.ts).
  version: 3,
  tables: [{ name: 'contact_responses', primaryKey: ['id'] }],

  async migrate(tx: SqlClient, schema: string): Promise<void> {
    const table = qualified(schema, 'contact_responses');
    await tx.query(`
      CREATE TABLE IF NOT EXISTS ${table} (
        id text PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL,
        responded boolean NOT NULL,
        responded_at timestamptz NULL,
        responded_by text NULL,
        notes text NOT NULL,
        delivery_status text NOT NULL CHECK (delivery_status IN ('pending', 'sent', 'failed', 'skipped')),
        delivery_error text NULL,
        position bigint NOT NULL,
        version bigint NOT NULL,
        ${CONTACT_SEARCH_COLUMN}
      );
    `);
  },

  async readIndexes(tx: SqlClient, schema: string): Promise<void> {
    const table = qualified(schema, 'contact_responses');
    await tx.query(`
      CREATE INDEX IF NOT EXISTS contact_responses_created_idx ON ${table} (created_at, position);
      CREATE INDEX IF NOT EXISTS contact_responses_responded_idx ON ${table} (responded, created_at, position);
      CREATE INDEX IF NOT EXISTS contact_responses_pending_idx ON ${table} (position) WHERE delivery_status = 'pending';
    `);
    await ensureTrigramIndex(tx, 'contact_responses_search_idx', table, 'search');
  },

  async apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void> {
    const mine = events.flatMap((event) => {
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
          name: r.name,
          email: r.email,
          message: r.message,
          createdAt: isoTimestamp(r.created_at)!,
          responded: r.responded,
          respondedAt: isoTimestamp(r.responded_at),
          respondedBy: r.responded_by,
          notes: r.notes,
          deliveryStatus: r.delivery_status,
          deliveryError: r.delivery_error,
          position: Number(r.position),
          version: Number(r.version),
        });
      }
    }
    const touched = new Set<string>();
    for (const { id, event } of mine) {
      const next = applyContactEvent(rows.get(id) ?? null, event, id);
      rows.set(id, next);
      if (next) touched.add(id);
    }
    const out = [...touched].map((id) => rows.get(id)!);
    if (out.length === 0) return;
    await tx.query(
      `INSERT INTO ${table} (id, name, email, message, created_at, responded, responded_at, responded_by, notes, delivery_status, delivery_error, position, version)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::boolean[], $7::timestamptz[], $8::text[], $9::text[], $10::text[], $11::text[], $12::bigint[], $13::bigint[])
       ON CONFLICT (id) DO UPDATE SET
         responded = EXCLUDED.responded, responded_at = EXCLUDED.responded_at, responded_by = EXCLUDED.responded_by, notes = EXCLUDED.notes,
         delivery_status = EXCLUDED.delivery_status, delivery_error = EXCLUDED.delivery_error, version = EXCLUDED.version`,
      [
        out.map((r) => r.id),
        out.map((r) => r.name),
        out.map((r) => r.email),
        out.map((r) => r.message),
        out.map((r) => r.createdAt),
        out.map((r) => r.responded),
        out.map((r) => r.respondedAt),
        out.map((r) => r.respondedBy),
        out.map((r) => r.notes),
        out.map((r) => r.deliveryStatus),
        out.map((r) => r.deliveryError),
        out.map((r) => r.position),
        out.map((r) => r.version),
      ],
    );
  },
};
