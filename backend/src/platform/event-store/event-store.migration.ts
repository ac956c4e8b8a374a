import type { Migration } from '../database/migrations';

/**
 * The postgres event store's tables and append function (DESIGN §3). No sequence for
 * global_position: positions are assigned as last+1 under one global advisory lock, so a refused
 * or rolled-back append burns none and commit order equals position order.
 *
 * es.append_events does a whole append in one round trip. The caller computes the hash chain, so
 * it sends its guess of the log head and of the stream revision; under the lock the function
 * checks idempotency, then the expected revision, then the guess, and writes only if all hold.
 * Otherwise it reports what it found ('duplicate', 'wrong_revision', 'stale') and writes nothing.
 * Being plpgsql, each statement takes a fresh snapshot, so reads after the lock see every commit
 * made before it.
 */
/** Key of the one global append lock: holding it while committing makes commit order equal position order. */
export const APPEND_LOCK_KEY = 715001;

const eventStoreTables: Migration = {
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
${appendFunction('jsonb')}
`,
};

/**
 * 0002: data and metadata kept as json, the exact text written, instead of jsonb (ARCHITECTURE.md,
 * "Event payloads as json"). The store writes each payload in canonical JSON, the very text its hash
 * covers, so verifying and exporting the log read that text as stored: no jsonb-to-text output, no
 * parsing and serialising again (issue 10: 100,000 events per second). Rows written as jsonb before
 * keep jsonb's text, which the verifier canonicalises as before. Nothing queries inside payloads in SQL.
 */
const eventPayloadsAsJson: Migration = {
  id: '0002_event_payloads_json',
  sql: `
DROP FUNCTION es.append_events(text, text, bigint, bigint, text, bigint, uuid[], text[], int[], jsonb[], jsonb[], text[], text);
ALTER TABLE es.events ALTER COLUMN data TYPE json USING data::json, ALTER COLUMN metadata TYPE json USING metadata::json;
${appendFunction('json')}
`,
};

/** The postgres event store's migrations, in order. */
export const postgresStoreMigrations: Migration[] = [eventStoreTables, eventPayloadsAsJson];

function appendFunction(payload: 'jsonb' | 'json'): string {
  return `
CREATE FUNCTION es.append_events(
  p_stream_id text,
  p_expected_kind text,
  p_expected_revision bigint,
  p_head_position bigint,
  p_head_hash text,
  p_first_revision bigint,
  p_event_ids uuid[],
  p_types text[],
  p_schema_versions int[],
  p_data ${payload}[],
  p_metadata ${payload}[],
  p_hashes text[],
  p_channel text
) RETURNS TABLE (outcome text, found_revision bigint, found_head_position bigint, found_head_hash text, found_events json)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_revision bigint;
  v_head_position bigint;
  v_head_hash text;
  v_existing json;
  v_wrong_revision boolean;
  v_count int := cardinality(p_event_ids);
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
  SELECT json_agg(json_build_object('eventId', e.event_id, 'streamId', e.stream_id,
           'streamRevision', e.stream_revision, 'globalPosition', e.global_position) ORDER BY e.global_position)
    INTO v_existing FROM es.events e WHERE e.event_id = ANY (p_event_ids);
  SELECT s.revision INTO v_revision FROM es.streams s WHERE s.stream_id = p_stream_id;
  SELECT e.global_position, e.hash INTO v_head_position, v_head_hash FROM es.events e ORDER BY e.global_position DESC LIMIT 1;
  v_head_position := coalesce(v_head_position, 0);
  v_head_hash := coalesce(v_head_hash, '');
  IF v_existing IS NOT NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, v_revision, v_head_position, v_head_hash, v_existing;
    RETURN;
  END IF;
  v_wrong_revision := CASE p_expected_kind
    WHEN 'any' THEN false
    WHEN 'no_stream' THEN v_revision IS NOT NULL
    WHEN 'stream_exists' THEN v_revision IS NULL
    ELSE v_revision IS DISTINCT FROM p_expected_revision
  END;
  IF v_wrong_revision THEN
    RETURN QUERY SELECT 'wrong_revision'::text, v_revision, v_head_position, v_head_hash, NULL::json;
    RETURN;
  END IF;
  IF v_head_position <> p_head_position OR v_head_hash <> p_head_hash OR coalesce(v_revision + 1, 0) <> p_first_revision THEN
    RETURN QUERY SELECT 'stale'::text, v_revision, v_head_position, v_head_hash, NULL::json;
    RETURN;
  END IF;
  INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
  SELECT p_head_position + x.n, p_stream_id, p_first_revision + x.n - 1, x.id, x.t, x.v, x.d, x.m,
         CASE WHEN x.n = 1 THEN p_head_hash ELSE p_hashes[x.n - 1] END, x.h
    FROM unnest(p_event_ids, p_types, p_schema_versions, p_data, p_metadata, p_hashes) WITH ORDINALITY AS x(id, t, v, d, m, h, n);
  INSERT INTO es.streams (stream_id, revision) VALUES (p_stream_id, p_first_revision + v_count - 1)
    ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision;
  PERFORM pg_notify(p_channel, (p_head_position + v_count)::text);
  RETURN QUERY SELECT 'ok'::text, p_first_revision + v_count - 1, p_head_position + v_count, p_hashes[v_count], NULL::json;
END
$fn$;
`;
}
