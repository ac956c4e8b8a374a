import type { RecordedEvent } from '@punchline/domain';
import { LIVE_SCHEMA, type Projection, type SqlClient, ChainWalker, eventHash, streamEventHash, type ChainBreak, type ChainRecord, type ChainVerification, type HashedEventFields } from '@punchline/projections';
import type { StoredEvent } from './eventstoredb-mapping';
import type { EventStoreDbReader } from './eventstoredb-reader';

/** The checkpoint name of the digest in rm.projection_checkpoints. */
export const LOG_DIGEST_NAME = 'eventstoredb_log_digest';

/** How the digest gets the stored form (content before upcasting) of events the projector read. */
export interface StoredForms {
  storedForms(events: RecordedEvent[]): Promise<StoredEvent[]>;
}

interface DigestRow {
  position: number;
  event_id: string;
  stream_id: string;
  stream_revision: number;
  type: string;
  prev_hash: string;
  hash: string;
}

export function hashedFields(event: StoredEvent): HashedEventFields {
  return {
    globalPosition: event.position ?? 0,
    streamId: event.streamId,
    streamRevision: event.streamRevision,
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.link?.schemaVersion ?? 1,
    data: event.data,
    metadata: event.metadata,
  };
}

/**
 * EventStoreDB has no log-wide compare-and-swap, so the log-wide chain is kept beside it: the
 * projector's leader appends one digest row per event, in $all order, with the same hash rule as the
 * postgres store's chain (sha256(prev ‖ canonical event with its position)). Run as a projection, it
 * gets the projector's guarantees for free: one leader, exactly once, in the batch's transaction.
 * It declares no tables, so replay never rebuilds or compares it, and events already sealed are
 * never sealed again (a version change or a reset checkpoint only re-reads them): the digest is
 * evidence, and `verifyChain` compares the log with it.
 */
export function logDigestProjection(store: StoredForms): Projection {
  return {
    name: LOG_DIGEST_NAME,
    version: 1,
    tables: [],
    async migrate() {
      // es.esdb_log_digest comes with eventStoreDbMigration: it lives outside the read-model schema.
    },
    async apply(tx: SqlClient, schema: string, events: RecordedEvent[]) {
      if (schema !== LIVE_SCHEMA) throw new Error('The log digest is evidence of the live log; it is never rebuilt into another schema');
      const { rows } = await tx.query<{ position: number | string; hash: string }>('SELECT position, hash FROM es.esdb_log_digest ORDER BY position DESC LIMIT 1');
      const sealed = rows.length === 0 ? 0 : Number(rows[0].position);
      const fresh = events.filter((e) => e.globalPosition > sealed);
      if (fresh.length === 0) return;
      const stored = await store.storedForms(fresh);
      let prev = rows[0]?.hash ?? '';
      const hashes = stored.map((event) => {
        const link = { prev, hash: eventHash(prev, hashedFields(event)) };
        prev = link.hash;
        return link;
      });
      await tx.query(
        `INSERT INTO es.esdb_log_digest (position, event_id, stream_id, stream_revision, type, prev_hash, hash)
         SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[])`,
        [
          stored.map((e) => e.position),
          stored.map((e) => e.eventId),
          stored.map((e) => e.streamId),
          stored.map((e) => e.streamRevision),
          stored.map((e) => e.type),
          hashes.map((h) => h.prev),
          hashes.map((h) => h.hash),
        ],
      );
    },
  };
}

/** Per-stream links: each event names its predecessor's hash and hashes its own stored content. */
class StreamChains {
  private readonly last = new Map<string, { revision: number; hash: string }>();

  check(event: StoredEvent): string | null {
    if (event.unreadable) return `the event cannot be read: ${event.unreadable}`;
    if (!event.link) return 'the event carries no stream link (written outside the app?)';
    const previous = this.last.get(event.streamId);
    const expected = previous ? previous.revision + 1 : 0;
    if (event.streamRevision !== expected) {
      return `stream revision ${event.streamRevision} where ${expected} was expected: events of this stream are missing (deleted or truncated?)`;
    }
    if (event.link.prevHash !== (previous?.hash ?? '')) return 'stream link broken: its prev hash is not the hash of the previous event of the stream';
    const { globalPosition: _position, ...fields } = hashedFields(event);
    if (streamEventHash(event.link.prevHash, fields) !== event.link.hash) return 'the content does not match its stream hash (edited event?)';
    this.last.set(event.streamId, { revision: event.streamRevision, hash: event.link.hash });
    return null;
  }
}

function breakAt(event: { position: number | null; eventId: string; streamId: string; type: string }, reason: string): ChainBreak {
  return { position: event.position ?? 0, eventId: event.eventId, streamId: event.streamId, type: event.type, reason };
}

/**
 * Walks $all and the digest side by side. Every event must carry an intact stream link; every event
 * up to the sealed head must have its digest row (same position and id), and the digest must be an
 * intact chain over the events' present content. A digest row without its event names a deleted,
 * truncated or scavenged event; an event without a row below the sealed head, an inserted one.
 * Events after the sealed head are checked by their stream links only and counted as unsealed.
 */
export async function verifyEventStoreDbLog(reader: EventStoreDbReader, db: SqlClient, options: { batchSize?: number } = {}): Promise<ChainVerification> {
  const batchSize = options.batchSize ?? 1000;
  const walker = new ChainWalker({ gapless: false });
  const streams = new StreamChains();
  const head = await db.query<{ position: number | string | null }>('SELECT max(position) AS position FROM es.esdb_log_digest');
  const sealedHead = Number(head.rows[0]?.position ?? 0);
  let verified = 0;
  let unsealed = 0;

  let digest: DigestRow[] = [];
  let digestAfter = 0;
  let digestDone = false;
  const peek = async (): Promise<DigestRow | null> => {
    if (digest.length === 0 && !digestDone) {
      const { rows } = await db.query<DigestRow>(
        `SELECT position, event_id::text, stream_id, stream_revision, type, prev_hash, hash FROM es.esdb_log_digest
          WHERE position > $1 ORDER BY position LIMIT $2`,
        [digestAfter, batchSize],
      );
      digest = rows.map((r) => ({ ...r, position: Number(r.position), stream_revision: Number(r.stream_revision) }));
      if (digest.length > 0) digestAfter = digest[digest.length - 1].position;
      if (rows.length < batchSize) digestDone = true;
    }
    return digest[0] ?? null;
  };
  const missing = (row: DigestRow): ChainVerification =>
    fail(breakAt({ position: row.position, eventId: row.event_id, streamId: row.stream_id, type: row.type }, 'sealed event missing from the log (deleted, truncated or scavenged?)'));
  const fail = (chainBreak: ChainBreak): ChainVerification => {
    walker.fail(chainBreak);
    return walker.result({ verified, unsealed });
  };

  let after = 0;
  for (;;) {
    const events = await reader.readAllStored(after, batchSize);
    for (const event of events) {
      const position = event.position!;
      const row = await peek();
      if (row && row.position < position) return missing(row);
      const streamProblem = streams.check(event);
      if (streamProblem) return fail(breakAt(event, streamProblem));
      if (row && row.position === position) {
        digest.shift();
        if (row.event_id !== event.eventId) return fail(breakAt(event, `the event at this position is not the sealed one (${row.event_id}): replaced?`));
        const broken = walker.next({ ...hashedFields(event), prevHash: row.prev_hash, hash: row.hash });
        if (broken) return walker.result({ verified, unsealed });
      } else if (position <= sealedHead) {
        return fail(breakAt(event, 'the event is not in the sealed digest (inserted after sealing, or its digest row removed?)'));
      } else {
        unsealed += 1;
      }
      verified += 1;
    }
    if (events.length < batchSize) break;
    after = events[events.length - 1].position!;
  }
  const left = await peek();
  if (left) return missing(left);
  return walker.result({ verified, unsealed });
}

/**
 * The log-wide chain for an export (DESIGN §13): every event sealed into the digest, as stored in
 * EventStoreDB, with the digest's prev_hash and hash. Events not sealed yet are left out (the
 * projector's leader seals them within a batch); an offline check then verifies exactly what the
 * digest vouches for.
 */
export async function* exportEventStoreDbChain(reader: EventStoreDbReader, db: SqlClient, options: { batchSize?: number } = {}): AsyncGenerator<ChainRecord> {
  const batchSize = options.batchSize ?? 1000;
  let after = 0;
  for (;;) {
    const events = await reader.readAllStored(after, batchSize);
    if (events.length === 0) return;
    const positions = events.map((e) => e.position!);
    const { rows } = await db.query<DigestRow>(
      'SELECT position, event_id::text, stream_id, stream_revision, type, prev_hash, hash FROM es.esdb_log_digest WHERE position = ANY($1::bigint[])',
      [positions],
    );
    const sealed = new Map(rows.map((r) => [Number(r.position), r]));
    for (const event of events) {
      const row = sealed.get(event.position!);
      if (row && row.event_id === event.eventId) yield { ...hashedFields(event), prevHash: row.prev_hash, hash: row.hash };
    }
    if (events.length < batchSize) return;
    after = events[events.length - 1].position!;
  }
}
