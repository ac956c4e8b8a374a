import { searchableWords, type RecordedEvent } from '@punchline/domain';
import type { SqlClient } from '../ports/database.port';
import { AUDIT_SEARCH_COLUMN, ensureTrigramIndex } from '../search';
import { qualified, type Projection } from '../projection';

/** One audit_log row; the audit screen (SPEC §2, §7) lists these with actor/action/text filters. */
export interface AuditRow {
  position: number;
  eventId: string;
  streamId: string;
  occurredAt: string;
  actorEmail: string | null;
  action: string;
  /** The event data as JSON text (jsonb in the table). */
  meta: string;
  /** What an admin reads for the entry (searchableWords), searched along with the rest. */
  words: string;
}

/** A row of rm.audit_log as the database hands it back (what readers of the table select from). */
export interface AuditTableRow {
  position: string | number;
  event_id: string;
  stream_id: string;
  occurred_at: string | Date;
  actor_email: string | null;
  action: string;
  meta: unknown;
}

/**
 * Every event becomes one row: the audit trail is complete by construction. occurred_at comes from
 * the command metadata; an unparsable value falls back to the recording time, so one odd event
 * cannot stall the projector on a cast error.
 */
export function toAuditRow(event: RecordedEvent): AuditRow {
  const claimed = Date.parse(event.metadata?.occurredAt ?? '');
  return {
    position: event.globalPosition,
    eventId: event.eventId,
    streamId: event.streamId,
    occurredAt: Number.isNaN(claimed) ? event.recordedAt : new Date(claimed).toISOString(),
    actorEmail: event.metadata?.actorEmail ?? null,
    action: event.type,
    meta: JSON.stringify(event.data === undefined ? null : event.data),
    words: searchableWords(event.type, event.data),
  };
}

export const auditProjection: Projection = {
  name: 'audit',
  // 2: trigram index for q; 3: the lowercased search column it is built on (search.ts);
  // 4: `words`, the entry as the screen reads it, in that column (issue 25).
  version: 4,
  tables: [{ name: 'audit_log', primaryKey: ['position'] }],

  async migrate(tx: SqlClient, schema: string): Promise<void> {
    const table = qualified(schema, 'audit_log');
    await tx.query(`
      CREATE TABLE IF NOT EXISTS ${table} (
        position bigint PRIMARY KEY,
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        occurred_at timestamptz NOT NULL,
        actor_email text NULL,
        action text NOT NULL,
        meta jsonb NOT NULL,
        words text NOT NULL DEFAULT '',
        ${AUDIT_SEARCH_COLUMN}
      );
    `);
  },

  async readIndexes(tx: SqlClient, schema: string): Promise<void> {
    const table = qualified(schema, 'audit_log');
    await tx.query(`
      CREATE INDEX IF NOT EXISTS audit_log_actor_idx ON ${table} (actor_email, position);
      CREATE INDEX IF NOT EXISTS audit_log_action_idx ON ${table} (action, position);
      CREATE INDEX IF NOT EXISTS audit_log_occurred_at_idx ON ${table} (occurred_at);
    `);
    await ensureTrigramIndex(tx, 'audit_log_search_idx', table, 'search');
  },

  /** One multi-row INSERT per batch: replay speed depends on it. No ON CONFLICT: a duplicate must fail loudly. */
  async apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map(toAuditRow);
    await tx.query(
      `INSERT INTO ${qualified(schema, 'audit_log')} (position, event_id, stream_id, occurred_at, actor_email, action, meta, words)
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::jsonb[], $8::text[])`,
      [
        rows.map((r) => r.position),
        rows.map((r) => r.eventId),
        rows.map((r) => r.streamId),
        rows.map((r) => r.occurredAt),
        rows.map((r) => r.actorEmail),
        rows.map((r) => r.action),
        rows.map((r) => r.meta),
        rows.map((r) => r.words),
      ],
    );
  },
};
