import type { SqlClient } from '@punchline/projections';

export interface ReservedId {
  eventId: string;
  streamId: string;
  streamRevision: number;
}

/**
 * Event ids across the whole EventStoreDB log (es.esdb_event_ids). EventStoreDB only compares ids
 * with the stream they are appended to, so uniqueness across streams, which the postgres store gets
 * from a UNIQUE index, is kept here: an id is reserved for a stream and the revision it is meant to
 * land at before the append is sent. A reservation whose append never landed is harmless: it only
 * keeps that id out of other streams, and a retry in the same stream updates its revision.
 */
export class EventIdRegistry {
  constructor(private readonly db: SqlClient) {}

  /** Reserves the ids at firstRevision, firstRevision+1, …; returns the ids that were already reserved. */
  async reserve(streamId: string, eventIds: string[], firstRevision: number): Promise<ReservedId[]> {
    const { rows } = await this.db.query<{ event_id: string }>(
      `INSERT INTO es.esdb_event_ids (event_id, stream_id, stream_revision)
       SELECT id, $2, $3 + ord - 1 FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id::text`,
      [eventIds, streamId, firstRevision],
    );
    if (rows.length === eventIds.length) return [];
    const inserted = new Set(rows.map((r) => r.event_id));
    const taken = eventIds.filter((id) => !inserted.has(id));
    // A second statement: the first one's snapshot may predate a reservation it waited for.
    const existing = await this.db.query<{ event_id: string; stream_id: string; stream_revision: number | string }>(
      'SELECT event_id::text, stream_id, stream_revision FROM es.esdb_event_ids WHERE event_id = ANY($1::uuid[])',
      [taken],
    );
    const byId = new Map(existing.rows.map((r) => [r.event_id, r]));
    return taken.map((id) => {
      const row = byId.get(id)!;
      return { eventId: id, streamId: row.stream_id, streamRevision: Number(row.stream_revision) };
    });
  }

  /** Moves reservations of this stream to the revisions of a new attempt (the earlier one never landed). */
  async move(streamId: string, eventIds: string[], firstRevision: number): Promise<void> {
    await this.db.query(
      `UPDATE es.esdb_event_ids AS r SET stream_revision = $3 + t.ord - 1
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)
        WHERE r.event_id = t.id AND r.stream_id = $2`,
      [eventIds, streamId, firstRevision],
    );
  }
}
