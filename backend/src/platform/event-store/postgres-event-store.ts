import {
  DomainError,
  WrongExpectedRevisionError,
  assertNever,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type UpcasterRegistry,
} from '@punchline/domain';
import type { Database, SqlClient } from '@punchline/projections';
import { assertValidBatch, assertValidStreamId } from './event-validation';
import { eventHash } from './hash-chain';
import { PollingSubscription } from './polling-subscription';

export { eventStoreMigration } from './event-store.migration';

/** Key of the one global append lock: holding it while committing makes commit order equal position order. */
const APPEND_LOCK_KEY = 715001;
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export interface PostgresEventStoreOptions {
  upcasters?: UpcasterRegistry;
  /** LISTEN/NOTIFY channel announcing the last appended position (default es_events). */
  notifyChannel?: string;
  /** Subscription poll interval when no notification arrives (default 500 ms). */
  pollIntervalMs?: number;
  /** Events per readAll while a subscription catches up (default 500). */
  subscriptionBatchSize?: number;
}

interface EventRow {
  global_position: number;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date | string;
}

interface AppendState {
  revision: number | null;
  last_position: number | null;
  last_hash: string | null;
  existing: { eventId: string; streamId: string; streamRevision: number; globalPosition: number }[] | null;
}

const SELECT_EVENT = `SELECT global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, created_at FROM es.events`;

/** The default event store (DESIGN §3) on the Database port: the same SQL on PGlite and PostgreSQL. */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly channel: string;
  private readonly subscriptions = new Set<PollingSubscription>();

  constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.channel = options.notifyChannel ?? 'es_events';
    if (!CHANNEL.test(this.channel)) throw new Error(`Invalid notify channel ${this.channel}`);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    assertValidBatch(streamId, events);
    const expected = options.expectedRevision;
    if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new DomainError('INVALID_INPUT', `Expected revision ${expected} is not a revision`, { streamId });
    }
    const ids = events.map((e) => e.eventId.toLowerCase());
    // Serialised once here so the hash covers exactly what jsonb will hand back.
    const datas = events.map((e) => JSON.stringify(e.data === undefined ? null : e.data));
    const metadatas = events.map((e) => JSON.stringify(e.metadata));
    return this.db.transaction(async (tx) => {
      // Its own statement, first: a statement's snapshot predates the wait, so reads must come after.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const state = await this.loadAppendState(tx, streamId, ids);
      if (state.existing && state.existing.length > 0) return this.idempotentResult(streamId, ids, state.existing);
      checkExpectedRevision(streamId, expected, state.revision);

      const firstRevision = state.revision === null ? 0 : state.revision + 1;
      const firstPosition = (state.last_position ?? 0) + 1;
      let prevHash = state.last_hash ?? '';
      const positions: number[] = [];
      const revisions: number[] = [];
      const versions: number[] = [];
      const prevHashes: string[] = [];
      const hashes: string[] = [];
      events.forEach((event, i) => {
        const schemaVersion = this.options.upcasters?.currentVersion(event.type) ?? 1;
        const hash = eventHash(prevHash, {
          globalPosition: firstPosition + i,
          streamId,
          streamRevision: firstRevision + i,
          eventId: ids[i],
          type: event.type,
          schemaVersion,
          data: JSON.parse(datas[i]),
          metadata: JSON.parse(metadatas[i]),
        });
        positions.push(firstPosition + i);
        revisions.push(firstRevision + i);
        versions.push(schemaVersion);
        prevHashes.push(prevHash);
        hashes.push(hash);
        prevHash = hash;
      });
      const lastPosition = firstPosition + events.length - 1;
      const lastRevision = firstRevision + events.length - 1;
      await tx.query(
        `WITH inserted AS (
           INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
           SELECT p, $1, r, i, t, v, d, m, ph, h
             FROM unnest($2::bigint[], $3::bigint[], $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[], $9::text[], $10::text[])
               AS x(p, r, i, t, v, d, m, ph, h)
         ), stream AS (
           INSERT INTO es.streams (stream_id, revision) VALUES ($1, $11)
           ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision
         )
         SELECT pg_notify($12, $13)`,
        [
          streamId,
          positions,
          revisions,
          ids,
          events.map((e) => e.type),
          versions,
          datas,
          metadatas,
          prevHashes,
          hashes,
          lastRevision,
          this.channel,
          String(lastPosition),
        ],
      );
      return { nextExpectedRevision: lastRevision, position: lastPosition };
    });
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    assertValidStreamId(streamId);
    const { rows } = await this.db.query<EventRow>(
      `${SELECT_EVENT} WHERE stream_id = $1 AND stream_revision >= $2 ORDER BY stream_revision`,
      [streamId, options.fromRevision ?? 0],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(`${SELECT_EVENT} WHERE global_position > $1 ORDER BY global_position LIMIT $2`, [
      options.fromPosition,
      options.limit,
    ]);
    return rows.map((row) => this.toRecorded(row));
  }

  subscribe(options: { fromPosition: number }): EventSubscription {
    const subscription = new PollingSubscription({
      fromPosition: options.fromPosition,
      readAll: (o) => this.readAll(o),
      listen: (onNotify) => this.db.listen(this.channel, onNotify),
      pollIntervalMs: this.options.pollIntervalMs ?? 500,
      batchSize: this.options.subscriptionBatchSize ?? 500,
      onClosed: (s) => this.subscriptions.delete(s),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.db.query<{ head: number | null }>('SELECT max(global_position) AS head FROM es.events');
    return Number(rows[0]?.head ?? 0);
  }

  /** Ends open subscriptions; the database belongs to the caller and stays open. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
  }

  private async loadAppendState(tx: SqlClient, streamId: string, ids: string[]): Promise<AppendState> {
    const { rows } = await tx.query<AppendState>(
      `SELECT (SELECT revision FROM es.streams WHERE stream_id = $1) AS revision,
              head.global_position AS last_position,
              head.hash AS last_hash,
              (SELECT json_agg(json_build_object('eventId', e.event_id, 'streamId', e.stream_id,
                        'streamRevision', e.stream_revision, 'globalPosition', e.global_position) ORDER BY e.global_position)
                 FROM es.events e WHERE e.event_id = ANY($2::uuid[])) AS existing
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (SELECT global_position, hash FROM es.events ORDER BY global_position DESC LIMIT 1) AS head ON true`,
      [streamId, ids],
    );
    const row = rows[0];
    return {
      revision: row.revision === null ? null : Number(row.revision),
      last_position: row.last_position === null ? null : Number(row.last_position),
      last_hash: row.last_hash,
      existing: row.existing,
    };
  }

  /** A retry of an already recorded batch gets the original result; any other reuse of ids is refused. */
  private idempotentResult(streamId: string, ids: string[], existing: NonNullable<AppendState['existing']>): AppendResult {
    const sameBatch =
      existing.length === ids.length &&
      existing.every(
        (e, i) =>
          e.streamId === streamId &&
          e.eventId === ids[i] &&
          (i === 0 || (e.streamRevision === existing[i - 1].streamRevision + 1 && e.globalPosition === existing[i - 1].globalPosition + 1)),
      );
    if (!sameBatch) {
      throw new DomainError('INVALID_INPUT', 'Some event ids are already recorded, but not as exactly this batch in this stream', {
        streamId,
        eventIds: existing.map((e) => e.eventId),
      });
    }
    const last = existing[existing.length - 1];
    return { nextExpectedRevision: Number(last.streamRevision), position: Number(last.globalPosition) };
  }

  private toRecorded(row: EventRow): RecordedEvent {
    const current = this.options.upcasters?.currentVersion(row.type) ?? row.schema_version;
    const upcast = this.options.upcasters && row.schema_version < current;
    return {
      eventId: row.event_id,
      type: row.type,
      data: upcast ? this.options.upcasters!.upcast(row.type, row.schema_version, row.data) : row.data,
      metadata: row.metadata,
      streamId: row.stream_id,
      streamRevision: Number(row.stream_revision),
      globalPosition: Number(row.global_position),
      // The version of `data` as returned: after upcasting, the current one.
      schemaVersion: upcast ? current : row.schema_version,
      recordedAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
    };
  }
}

function checkExpectedRevision(streamId: string, expected: ExpectedRevision, actual: number | null): void {
  const actualText = actual === null ? 'no_stream' : String(actual);
  const fail = (): never => {
    throw new WrongExpectedRevisionError(streamId, String(expected), actualText);
  };
  if (typeof expected === 'number') {
    if (actual !== expected) fail();
    return;
  }
  switch (expected) {
    case 'any':
      return;
    case 'no_stream':
      if (actual !== null) fail();
      return;
    case 'stream_exists':
      if (actual === null) fail();
      return;
    default:
      assertNever(expected, 'expected revision');
  }
}
