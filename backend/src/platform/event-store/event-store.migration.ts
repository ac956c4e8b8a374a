import type { Migration } from '../database/migrations';

/**
 * The postgres event store's tables (DESIGN §3). No sequence for global_position: positions are
 * assigned as last+1 under a global advisory lock, so a rolled-back append burns none.
 */
export const eventStoreMigration: Migration = {
  id: '0001_event_store',
  sql: `
CREATE SCHEMA IF NOT EXISTS es;
CREATE TABLE es.streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);
CREATE TABLE es.events (
  global_position bigint PRIMARY KEY,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  schema_version int NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  prev_hash text NOT NULL,
  hash text NOT NULL,
  UNIQUE (stream_id, stream_revision)
);
`,
};
