import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
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
import { assertValidBatch, assertValidStreamId } from './event-validation';

export interface EventStoreDbEventStoreOptions {
  upcasters?: UpcasterRegistry;
  /** Pause before resubscribing after a subscription error (default 1000 ms). */
  resubscribeDelayMs?: number;
}

/** What we store as ESDB event metadata: our envelope's metadata plus the data's schema version. */
type StoredMetadata = EventMetadata & { schemaVersion?: number };

/**
 * The EventStoreDB adapter (DESIGN §3). Global position is the commit position of $all: ESDB ≥ 20
 * writes each event of an append as its own record, so commit positions are unique and increasing.
 * Idempotency by event id is native to ESDB.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EventStoreDbSubscription>();

  constructor(
    connection: string | EventStoreDBClient,
    private readonly options: EventStoreDbEventStoreOptions = {},
  ) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
  }

  async append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    assertValidBatch(streamId, events);
    const expected = toEsdbExpectedRevision(streamId, options.expectedRevision);
    const payload = events.map((event) => {
      const metadata: StoredMetadata = { ...event.metadata, schemaVersion: this.options.upcasters?.currentVersion(event.type) ?? 1 };
      return jsonEvent({
        id: event.eventId.toLowerCase(),
        type: event.type,
        data: (event.data ?? null) as JSONType,
        metadata: metadata as unknown as JSONType,
      });
    });
    let result;
    try {
      result = await this.client.appendToStream(streamId, payload, { expectedRevision: expected });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, String(options.expectedRevision), revisionText(error.actualVersion));
      }
      throw error;
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    // The append's own position may name the batch's first record, so ask for the last event's.
    const position = (await this.positionOf(streamId, result.nextExpectedRevision)) ?? Number(result.position?.commit ?? 0);
    return { nextExpectedRevision, position };
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    assertValidStreamId(streamId);
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, { fromRevision: BigInt(options.fromRevision ?? 0), direction: FORWARDS });
      for await (const resolved of read) {
        if (resolved.event) events.push(this.toRecorded(resolved.event, resolved.event.position?.commit ?? resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from = options.fromPosition;
    // System events are skipped client-side (readAll has no filter), so a page may need refilling.
    for (;;) {
      let seen = 0;
      let advanced = false;
      const page = this.client.readAll({ fromPosition: toReadPosition(from), maxCount: options.limit, direction: FORWARDS });
      for await (const resolved of page) {
        seen += 1;
        const event = resolved.event;
        if (!event) continue;
        const commit = Number(event.position.commit);
        if (commit <= from) continue;
        from = commit;
        advanced = true;
        if (isSystem(event)) continue;
        events.push(this.toRecorded(event, event.position.commit));
        if (events.length === options.limit) return events;
      }
      if (seen < options.limit || !advanced) return events;
    }
  }

  subscribe(options: { fromPosition: number }): EventSubscription {
    const subscription = new EventStoreDbSubscription(
      this.client,
      options.fromPosition,
      (event) => this.toRecorded(event, event.position.commit),
      this.options.resubscribeDelayMs ?? 1000,
      (s) => this.subscriptions.delete(s),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    let before: Position | typeof END = END;
    let lowest: bigint | null = null;
    for (;;) {
      let fresh = 0;
      const page: AsyncIterable<AllStreamResolvedEvent> = this.client.readAll({ fromPosition: before, maxCount: 100, direction: BACKWARDS });
      for await (const resolved of page) {
        const event = resolved.event;
        // Whether the start position itself is returned again is not specified, so skip what was seen.
        if (!event || (lowest !== null && event.position.commit >= lowest)) continue;
        fresh += 1;
        lowest = event.position.commit;
        before = event.position;
        if (!isSystem(event)) return Number(event.position.commit);
      }
      if (fresh === 0) return 0;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  private async positionOf(streamId: string, revision: bigint): Promise<number | null> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1, direction: FORWARDS })) {
      const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
      if (commit !== undefined) return Number(commit);
    }
    return null;
  }

  private toRecorded(event: EsdbRecordedEvent, commitPosition: bigint | undefined): RecordedEvent {
    if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON`);
    const { schemaVersion: storedVersion, ...metadata } = (event.metadata ?? {}) as unknown as StoredMetadata;
    const stored = storedVersion ?? 1;
    const current = this.options.upcasters?.currentVersion(event.type) ?? stored;
    const upcast = this.options.upcasters && stored < current;
    return {
      eventId: event.id,
      type: event.type,
      data: upcast ? this.options.upcasters!.upcast(event.type, stored, event.data) : event.data,
      metadata,
      streamId: event.streamId,
      streamRevision: Number(event.revision),
      globalPosition: Number(commitPosition ?? 0),
      schemaVersion: upcast ? current : stored,
      recordedAt: event.created.toISOString(),
    };
  }
}

/**
 * subscribeToAll consumed with for await; on an error it resubscribes from the last position it
 * delivered, and skips anything at or below it so nothing is yielded twice.
 */
class EventStoreDbSubscription implements EventSubscription {
  private closed = false;
  private iterated = false;
  private current: AllStreamSubscription | null = null;
  private cancelDelay: (() => void) | null = null;

  constructor(
    private readonly client: EventStoreDBClient,
    private position: number,
    private readonly toRecorded: (event: AllStreamRecordedEvent) => RecordedEvent,
    private readonly resubscribeDelayMs: number,
    private readonly onClosed: (subscription: EventStoreDbSubscription) => void,
  ) {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelDelay?.();
    const current = this.current;
    this.current = null;
    this.onClosed(this);
    await current?.unsubscribe().catch(() => undefined);
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    if (this.iterated) throw new Error('A subscription can be iterated only once');
    this.iterated = true;
    return this.run();
  }

  private async *run(): AsyncGenerator<RecordedEvent> {
    try {
      while (!this.closed) {
        const subscription = this.client.subscribeToAll({ fromPosition: toReadPosition(this.position), filter: excludeSystemEvents() });
        this.current = subscription;
        try {
          for await (const resolved of subscription) {
            if (this.closed) return;
            const event = resolved.event;
            if (!event || isSystem(event)) continue;
            const commit = Number(event.position.commit);
            if (commit <= this.position) continue;
            this.position = commit;
            yield this.toRecorded(event);
          }
        } catch {
          if (this.closed) return;
        } finally {
          await subscription.unsubscribe().catch(() => undefined);
        }
        if (!this.closed) await this.delay();
      }
    } finally {
      await this.close();
    }
  }

  private delay(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.resubscribeDelayMs);
      this.cancelDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function isSystem(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** Our positions are exclusive commit positions; 0 means the start of $all. */
function toReadPosition(position: number): Position | typeof START {
  if (position <= 0) return START;
  const at = BigInt(position);
  return { commit: at, prepare: at };
}

function toEsdbExpectedRevision(streamId: string, expected: ExpectedRevision): AppendExpectedRevision {
  if (typeof expected === 'number') {
    if (!Number.isSafeInteger(expected) || expected < 0) {
      throw new DomainError('INVALID_INPUT', `Expected revision ${expected} is not a revision`, { streamId });
    }
    return BigInt(expected);
  }
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return assertNever(expected, 'expected revision');
  }
}

function revisionText(actual: bigint | typeof NO_STREAM | undefined): string {
  return actual === undefined ? 'unknown' : String(actual);
}
