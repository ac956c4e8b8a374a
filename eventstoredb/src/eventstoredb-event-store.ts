import { EventStoreDBClient, NO_STREAM, WrongExpectedVersionError } from '@eventstore/db-client';
import {
  DomainError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type UpcasterRegistry,
  OpenSubscriptions,
  assertValidBatch,
  assertValidStreamId,
  jsonRoundTrip,
} from '@punchline/domain';
import { type Projection, type SqlClient, chainExportLine, type ChainVerification, type LogIntegrity } from '@punchline/projections';
import { EventIdRegistry, type ReservedId } from './eventstoredb-event-ids';
import { exportEventStoreDbChain, logDigestProjection, verifyEventStoreDbLog, type StoredForms } from './eventstoredb-log-digest';
import {
  decodeStoredEvent,
  linkBatch,
  mapClientError,
  positionNumber,
  toEsdbExpectedRevision,
  toEventData,
  type EventStoreDbClientPort,
  type StoredEvent,
} from './eventstoredb-mapping';
import { EventStoreDbReader, KnownPositions } from './eventstoredb-reader';
import { EventStoreDbSubscription, silentEventStoreLogger, type EventStoreLogger } from './eventstoredb-subscription';

export interface EventStoreDbEventStoreOptions {
  upcasters?: UpcasterRegistry;
  logger?: EventStoreLogger;
  /** First pause before resubscribing after a subscription error (default 1000 ms); doubles per failure. */
  resubscribeDelayMs?: number;
  /** Longest pause between resubscriptions (default 30000 ms). */
  maxResubscribeDelayMs?: number;
}

/** Appends with 'any' or 'stream_exists' that lose a race to another writer are retried this often. */
const RACE_ATTEMPTS = 5;
/** Streams whose last (revision, hash) is remembered, so an append rarely has to read its predecessor. */
const TAILS_LIMIT = 10_000;

interface Tail {
  /** Revision of the stream's last event, -1 when it has none. */
  revision: number;
  hash: string;
}

/**
 * The EventStoreDB adapter (DESIGN §3) on @eventstore/db-client 6. Global position is the commit
 * position in $all: each event is its own record, so positions are unique and increasing but not
 * consecutive. Beside the log it uses PostgreSQL for what EventStoreDB cannot hold: the event-id
 * registry (ids unique across streams) and the log-wide digest (see eventstoredb-log-digest.ts).
 *
 * Every append goes to the server with an exact expected revision (or no_stream) and carries a
 * stream link (the hash of the stream's previous event): the server's revision check is what keeps
 * the per-stream chain intact, and it is also what makes a retried append idempotent durably (the
 * server compares ids with the stream's index at those revisions, not with an in-memory cache).
 */
export class EventStoreDbEventStore implements EventStore, LogIntegrity, StoredForms {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDbClientPort;
  private readonly reader: EventStoreDbReader;
  private readonly ids: EventIdRegistry;
  private readonly logger: EventStoreLogger;
  private readonly subscriptions = new OpenSubscriptions();
  private readonly tails = new Map<string, Tail>();
  /** The stored form of events this adapter handed out, for the digest (no second read). */
  private readonly storedOf = new WeakMap<RecordedEvent, StoredEvent>();

  constructor(
    connection: string | EventStoreDbClientPort,
    private readonly db: SqlClient,
    private readonly options: EventStoreDbEventStoreOptions = {},
  ) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
    this.reader = new EventStoreDbReader(this.client, new KnownPositions());
    this.ids = new EventIdRegistry(db);
    this.logger = options.logger ?? silentEventStoreLogger;
  }

  async append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    assertValidBatch(streamId, events);
    const expected = options.expectedRevision;
    toEsdbExpectedRevision(streamId, expected);
    // Hashed as the server will hand it back: JSON-clean.
    const batch = events.map((event) => ({
      eventId: event.eventId.toLowerCase(),
      type: event.type,
      data: jsonRoundTrip(event.data === undefined ? null : event.data),
      metadata: jsonRoundTrip(event.metadata),
      schemaVersion: this.options.upcasters?.currentVersion(event.type) ?? 1,
    }));
    try {
      return await this.appendLinked(streamId, expected, batch);
    } catch (error) {
      throw mapClientError(error, { streamId, operation: 'append', expected });
    }
  }

  private async appendLinked(streamId: string, expected: ExpectedRevision, batch: Parameters<typeof linkBatch>[3]): Promise<AppendResult> {
    const ids = batch.map((e) => e.eventId);
    for (let attempt = 1; ; attempt += 1) {
      const tail = await this.tailFor(streamId, expected);
      const firstRevision = tail.revision + 1;
      const taken = await this.ids.reserve(streamId, ids, firstRevision);
      if (taken.length > 0) {
        const original = await this.earlierAppend(streamId, ids, taken);
        if (original) return original;
        await this.ids.move(streamId, ids, firstRevision);
      }
      const prepared = linkBatch(streamId, firstRevision, tail.hash, batch);
      const exact = tail.revision < 0 ? NO_STREAM : BigInt(tail.revision);
      try {
        const result = await this.client.appendToStream(streamId, prepared.map(toEventData), { expectedRevision: exact });
        if (!result.success) {
          // Only with throwOnAppendFailure=false in the connection string: the same refusal, as a value.
          throw new WrongExpectedVersionError(undefined, {
            streamName: streamId,
            expected: exact,
            current: result.nextExpectedRevision < 0n ? NO_STREAM : result.nextExpectedRevision,
          });
        }
        const nextExpectedRevision = Number(result.nextExpectedRevision);
        const last = await this.reader.eventAt(streamId, nextExpectedRevision);
        if (last) this.remember(streamId, last);
        const position = last?.position ?? (result.position ? positionNumber(result.position.commit) : null);
        if (position === null) throw new Error(`EventStoreDB gave no position for ${streamId}@${nextExpectedRevision}`);
        return { nextExpectedRevision, position };
      } catch (error) {
        this.tails.delete(streamId);
        // 'any' and 'stream_exists' cannot be stale: losing a race only means reading the new tail.
        const raced = error instanceof WrongExpectedVersionError && (expected === 'any' || expected === 'stream_exists');
        if (raced && attempt < RACE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    assertValidStreamId(streamId);
    let stored: StoredEvent[];
    try {
      stored = await this.reader.readStreamStored(streamId, options.fromRevision ?? 0, options.maxCount);
    } catch (error) {
      throw mapClientError(error, { streamId, operation: 'read' });
    }
    // Only a read that reached the end of the stream knows its last event.
    const reachedEnd = options.maxCount === undefined || stored.length < options.maxCount;
    if (stored.length > 0 && reachedEnd) this.remember(streamId, stored[stored.length - 1]);
    return stored.map((event) => this.decode(event));
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    try {
      return (await this.reader.readAllStored(options.fromPosition, options.limit)).map((event) => this.decode(event));
    } catch (error) {
      throw mapClientError(error, { operation: 'read' });
    }
  }

  subscribe(options: { fromPosition: number }): EventSubscription {
    return this.subscriptions.add(
      (onClosed) =>
        new EventStoreDbSubscription({
          client: this.client,
          reader: this.reader,
          fromPosition: options.fromPosition,
          decode: (stored) => this.decode(stored),
          logger: this.logger,
          backoffMs: this.options.resubscribeDelayMs ?? 1000,
          maxBackoffMs: this.options.maxResubscribeDelayMs ?? 30_000,
          onClosed,
        }),
    );
  }

  async headPosition(): Promise<number> {
    try {
      return await this.reader.headPosition();
    } catch (error) {
      throw mapClientError(error, { operation: 'read' });
    }
  }

  /** Stream links plus the log digest (see verifyEventStoreDbLog). */
  async verifyChain(options: { batchSize?: number } = {}): Promise<ChainVerification> {
    try {
      return await verifyEventStoreDbLog(this.reader, this.db, options);
    } catch (error) {
      throw mapClientError(error, { operation: 'read' });
    }
  }

  /** Commit positions only increase: gaps are normal in $all. */
  readonly gaplessPositions = false;

  /** The sealed chain, for DESIGN §13's export (see exportEventStoreDbChain). */
  async *exportLines(options: { batchSize?: number } = {}): AsyncIterable<string> {
    for await (const record of exportEventStoreDbChain(this.reader, this.db, options)) yield chainExportLine(record);
  }

  /** The projection that seals the log digest; the projector's leader runs it with the read models. */
  logDigest(): Projection {
    return logDigestProjection(this);
  }

  async storedForms(events: RecordedEvent[]): Promise<StoredEvent[]> {
    const forms: StoredEvent[] = [];
    for (const event of events) {
      const known = this.storedOf.get(event);
      const stored = known ?? (await this.reader.eventAt(event.streamId, event.streamRevision));
      if (!stored || stored.eventId !== event.eventId) {
        throw new Error(`Event ${event.eventId} is no longer at ${event.streamId}@${event.streamRevision}`);
      }
      forms.push(stored);
    }
    return forms;
  }

  async close(): Promise<void> {
    await this.subscriptions.closeAll();
    await this.client.dispose();
  }

  private decode(stored: StoredEvent): RecordedEvent {
    const event = decodeStoredEvent(stored, this.options.upcasters);
    this.storedOf.set(event, stored);
    return event;
  }

  private remember(streamId: string, event: StoredEvent): void {
    this.tails.delete(streamId);
    this.tails.set(streamId, { revision: event.streamRevision, hash: event.link?.hash ?? '' });
    if (this.tails.size > TAILS_LIMIT) this.tails.delete(this.tails.keys().next().value!);
  }

  /**
   * The stream's last revision and hash as the append will find it. An exact expected revision n
   * needs event n's hash: remembered (event n of a stream never changes) or read; when the stream has
   * no event n the append is stale and is refused here, without a write. 'any' and 'stream_exists'
   * become the exact revision of the stream's last event.
   */
  private async tailFor(streamId: string, expected: ExpectedRevision): Promise<Tail> {
    if (expected === 'no_stream') return { revision: -1, hash: '' };
    if (typeof expected === 'number') {
      const remembered = this.tails.get(streamId);
      if (remembered?.revision === expected) return remembered;
      const event = await this.reader.eventAt(streamId, expected);
      if (event) {
        this.remember(streamId, event);
        return { revision: expected, hash: event.link?.hash ?? '' };
      }
      const last = await this.reader.lastOfStream(streamId);
      throw new WrongExpectedRevisionError(streamId, String(expected), last ? String(last.streamRevision) : 'no_stream');
    }
    const last = await this.reader.lastOfStream(streamId);
    if (!last) {
      if (expected === 'stream_exists') throw new WrongExpectedRevisionError(streamId, 'stream_exists', 'no_stream');
      return { revision: -1, hash: '' };
    }
    this.remember(streamId, last);
    return { revision: last.streamRevision, hash: last.link?.hash ?? '' };
  }

  /**
   * Some ids were reserved before. In another stream: refused, as the postgres store refuses them.
   * In this stream: if they landed exactly as this batch, this is a retry and gets the original
   * result; if some landed otherwise, refused; if none landed, the earlier attempt never reached the
   * log and this one goes ahead (null).
   */
  private async earlierAppend(streamId: string, ids: string[], taken: ReservedId[]): Promise<AppendResult | null> {
    const elsewhere = taken.filter((t) => t.streamId !== streamId);
    if (elsewhere.length > 0) {
      throw new DomainError('INVALID_INPUT', 'Some event ids are already recorded in another stream', { streamId, eventIds: elsewhere.map((t) => t.eventId) });
    }
    const revisions = taken.map((t) => t.streamRevision);
    const lowest = Math.min(...revisions);
    const span = Math.min(Math.max(...revisions) - lowest + 1, 10_000);
    const stored = await this.reader.readStreamStored(streamId, lowest, span);
    const at = new Map(stored.map((e) => [e.streamRevision, e]));
    const landed = new Map(taken.filter((t) => at.get(t.streamRevision)?.eventId === t.eventId).map((t) => [t.eventId, t.streamRevision]));
    if (landed.size === 0) return null;
    const first = landed.get(ids[0]);
    const asThisBatch = first !== undefined && landed.size === ids.length && ids.every((id, i) => landed.get(id) === first + i);
    if (!asThisBatch) {
      throw new DomainError('INVALID_INPUT', 'Some event ids are already recorded, but not as exactly this batch in this stream', {
        streamId,
        eventIds: [...landed.keys()],
      });
    }
    const last = at.get(first + ids.length - 1)!;
    if (last.position === null) throw new Error(`EventStoreDB gave no position for ${streamId}@${last.streamRevision}`);
    return { nextExpectedRevision: last.streamRevision, position: last.position };
  }
}
