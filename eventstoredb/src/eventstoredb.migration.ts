/**
 * What the EventStoreDB adapter keeps beside the log, in PostgreSQL (which holds the read models and
 * sessions anyway). Harmless and empty with the postgres store, so every process applies it.
 *
 * - es.esdb_event_ids: every event id with the stream (and revision) it was appended to. EventStoreDB
 *   checks ids only inside one stream, so this is what refuses an id reused in another stream.
 * - es.esdb_log_digest: the log-wide hash chain over $all order, one row per event, written by the
 *   projector's leader in the same transaction as its checkpoints. Never rebuilt from the log: it is
 *   the evidence the log is checked against.
 *
 * Shaped as the backend's Migration ({id, sql}): the backend applies it among its own (eventStoreMigrations in
 * platform/event-store/create-event-store.ts).
 */
export const eventStoreDbMigration: { id: string; sql: string } = {
  id: '0002_eventstoredb_support',
  sql: `
CREATE SCHEMA IF NOT EXISTS es;
CREATE TABLE es.esdb_event_ids (
  event_id uuid PRIMARY KEY,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL
);
CREATE TABLE es.esdb_log_digest (
  position bigint PRIMARY KEY,
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  type text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  sealed_at timestamptz NOT NULL DEFAULT now()
);
`,
};
