import { createHash } from 'node:crypto';
import { canonicalJson } from '@punchline/domain';
import type { Database } from '@punchline/projections';

/** The fields an event's hash covers; data and metadata as JSON.parse returns them from jsonb. */
export interface HashedEventFields {
  globalPosition: number;
  streamId: string;
  streamRevision: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}

/** sha256hex(prev_hash ‖ canonical JSON of the event); '' is the first event's prev_hash. */
export function eventHash(prevHash: string, event: HashedEventFields): string {
  return eventHashFromCanonical(prevHash, event, canonicalJson(event.data), canonicalJson(event.metadata));
}

/**
 * The same hash with data and metadata already in canonical JSON, so an append that must retry at
 * another position does not serialise them again. The envelope is written out with its keys in
 * sorted order, which is exactly what canonicalJson makes of the whole event.
 */
export function eventHashFromCanonical(
  prevHash: string,
  event: Omit<HashedEventFields, 'data' | 'metadata'>,
  canonicalData: string,
  canonicalMetadata: string,
): string {
  const payload =
    `{"data":${canonicalData},"eventId":${canonicalJson(event.eventId)},"globalPosition":${canonicalJson(event.globalPosition)},` +
    `"metadata":${canonicalMetadata},"schemaVersion":${canonicalJson(event.schemaVersion)},"streamId":${canonicalJson(event.streamId)},` +
    `"streamRevision":${canonicalJson(event.streamRevision)},"type":${canonicalJson(event.type)}}`;
  return createHash('sha256').update(prevHash).update(payload).digest('hex');
}

export interface ChainBreak {
  globalPosition: number;
  eventId: string;
  streamId: string;
  type: string;
  reason: string;
}

export type ChainVerification = { ok: true; count: number } | { ok: false; count: number; firstBad: ChainBreak };

interface ChainRow {
  global_position: number;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  prev_hash: string;
  hash: string;
}

/**
 * Walks es.events in position order and recomputes every hash. `count` is the number of events
 * checked, including the first bad one. Positions must run 1, 2, 3… so a deleted event shows as a gap.
 */
export async function verifyChain(db: Database, options: { batchSize?: number } = {}): Promise<ChainVerification> {
  const batchSize = options.batchSize ?? 1000;
  let previousHash = '';
  let previousPosition = 0;
  let count = 0;
  for (;;) {
    const { rows } = await db.query<ChainRow>(
      `SELECT global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash
         FROM es.events WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
      [previousPosition, batchSize],
    );
    for (const row of rows) {
      count += 1;
      const bad = (reason: string): ChainVerification => ({
        ok: false,
        count,
        firstBad: { globalPosition: row.global_position, eventId: row.event_id, streamId: row.stream_id, type: row.type, reason },
      });
      if (row.global_position !== previousPosition + 1) {
        const missing =
          row.global_position - 1 === previousPosition + 1
            ? `position ${previousPosition + 1} is missing`
            : `positions ${previousPosition + 1}–${row.global_position - 1} are missing`;
        return bad(`gap before this event: ${missing} (deleted event?)`);
      }
      if (row.prev_hash !== previousHash) return bad('prev_hash does not match the previous event (deleted, inserted or rehashed event?)');
      const expected = eventHash(row.prev_hash, {
        globalPosition: row.global_position,
        streamId: row.stream_id,
        streamRevision: row.stream_revision,
        eventId: row.event_id,
        type: row.type,
        schemaVersion: row.schema_version,
        data: row.data,
        metadata: row.metadata,
      });
      if (expected !== row.hash) return bad('hash does not match the event content (edited or moved event?)');
      previousHash = row.hash;
      previousPosition = row.global_position;
    }
    if (rows.length < batchSize) return { ok: true, count };
  }
}
