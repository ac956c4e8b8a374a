import { dataJsonOf, occurredAtOf, searchableWords, type RecordedEvent } from '@punchline/domain';
import type { SqlClient } from '../ports/database.port';
import { AUDIT_SEARCH_COLUMN } from '../search';
import { qualified, type Projection } from '../projection';

/** One audit_log row; the audit screen (SPEC §2, §7) lists these with actor/action/text filters. */
export interface AuditRow {
  position: number;
  eventId: string;
  streamId: string;
  occurredAt: string;
  actorEmail: string | null;
  action: string;
  /** The event data as JSON text (kept as that text: a json column). */
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
  return {
    position: event.globalPosition,
    eventId: event.eventId,
    streamId: event.streamId,
    occurredAt: occurredAtOf(event),
    actorEmail: event.metadata?.actorEmail ?? null,
    action: event.type,
    meta: dataJsonOf(event),
    words: searchableWords(event.type, event.data),
  };
}

/** Separates a column's values in apply's statement; JSON text never holds it raw (JSON.stringify escapes it). */
const SEPARATOR = '\x1e';
/** Stands for NULL among them (string_to_table's null_string). */
const NULL_MARK = '\x1f';
/** Whether a value can go among the separated ones: holds no separator, and is not the null mark. */
const separate = (value: string): boolean => !value.includes(SEPARATOR) && value !== NULL_MARK;

export const auditProjection: Projection = {
  name: 'audit',
  // 2: trigram index for q; 3: the lowercased search column it is built on (search.ts);
  // 4: `words`, the entry as the screen reads it, in that column (issue 25); 5: meta as json, not
  // jsonb: the row keeps the text it was given, so PostgreSQL neither builds a jsonb value from it nor
  // writes it out again for the search column (meta::text is the text as stored). At 200,000 rows
  // that insert took 700 ms where jsonb took 945; nothing queries meta but ->> (issue 29's restore).
  version: 5,
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
        meta json NOT NULL,
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
  },

  // The trigram index of `q` (search.ts): over a million rows it takes longer to build than a
  // restore takes to write every event, and the search is right without it (it reads the rows).
  deferredIndexes: [{ name: 'audit_log_search_idx', table: 'audit_log', definition: 'USING gin (search gin_trgm_ops)', extension: 'pg_trgm' }],

  /**
   * One multi-row INSERT per batch: replay and restore speed depend on it. Each column goes as one
   * text of its values joined by a separator and is taken apart by string_to_table in ROWS FROM,
   * which PostgreSQL reads several times faster than unnest of array parameters (restore's event
   * writer measured 90 against 220 ms for a 4 MB chunk); a batch holding the separator or the null
   * mark in a value, or a single row (an empty text would come back as no row), goes as arrays. No
   * ON CONFLICT: a duplicate must fail loudly.
   */
  async apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const n = events.length;
    const columns: (string | null)[][] = Array.from({ length: 8 }, () => new Array<string | null>(n));
    // Only the free-form values are looked through for the separator: positions, event ids (uuids),
    // ISO instants and JSON.stringify's text never hold it (JSON escapes every control character),
    // and meta is most of a row's bytes (a restore writes a million of them).
    let separable = n > 1;
    for (let i = 0; i < n; i += 1) {
      const r = toAuditRow(events[i]!);
      columns[0]![i] = String(r.position);
      columns[1]![i] = r.eventId;
      columns[2]![i] = r.streamId;
      columns[3]![i] = r.occurredAt;
      columns[4]![i] = r.actorEmail;
      columns[5]![i] = r.action;
      columns[6]![i] = r.meta;
      columns[7]![i] = r.words;
      separable &&= separate(r.streamId) && (r.actorEmail === null || separate(r.actorEmail)) && separate(r.action) && separate(r.words);
    }
    const table = qualified(schema, 'audit_log');
    if (separable) {
      await tx.query(
        `INSERT INTO ${table} (position, event_id, stream_id, occurred_at, actor_email, action, meta, words)
         SELECT c0::bigint, c1::uuid, c2, c3::timestamptz, c4, c5, c6::json, c7
           FROM ROWS FROM (${columns.map((_, i) => `string_to_table($${i + 1}::text, E'\\x1e', E'\\x1f')`).join(', ')}) AS r(c0, c1, c2, c3, c4, c5, c6, c7)`,
        columns.map((column) => column.map((value) => value ?? NULL_MARK).join(SEPARATOR)),
      );
      return;
    }
    await tx.query(
      `INSERT INTO ${table} (position, event_id, stream_id, occurred_at, actor_email, action, meta, words)
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::json[], $8::text[])`,
      columns,
    );
  },
};
