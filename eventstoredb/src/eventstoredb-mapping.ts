import {
  ANY,
  AccessDeniedError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NO_STREAM,
  NotLeaderError,
  STREAM_EXISTS,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  type AppendToStreamOptions,
  type AllStreamSubscription,
  type CurrentRevision,
  type EventData,
  type JSONType,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
  type StreamingRead,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';
import {
  DomainError,
  WrongExpectedRevisionError,
  assertNever,
  type EventMetadata,
  type ExpectedRevision,
  type RecordedEvent,
  type UpcasterRegistry,
} from '@punchline/domain';
import { streamEventHash } from '@punchline/projections';

/**
 * The calls of @eventstore/db-client the adapter makes. EventStoreDBClient satisfies it as is; tests
 * drive the adapter's own logic through it with the client's real types and error classes.
 */
export interface EventStoreDbClientPort {
  appendToStream(streamName: string, events: EventData[], options?: AppendToStreamOptions): Promise<EsdbAppendResult>;
  readStream(streamName: string, options?: ReadStreamOptions): StreamingRead<ResolvedEvent>;
  readAll(options?: ReadAllOptions): StreamingRead<AllStreamResolvedEvent>;
  subscribeToAll(options?: SubscribeToAllOptions): AllStreamSubscription;
  dispose(): Promise<void>;
}

/**
 * The key under which an event's metadata carries what the store adds: the data's schema version and
 * the stream link. Nested under one key so it can never collide with a field of EventMetadata.
 */
export const STORE_METADATA_KEY = '_store';

export interface StreamLink {
  schemaVersion: number;
  /** Hash of the previous event of the same stream ('' at revision 0). */
  prevHash: string;
  /** streamEventHash(prevHash, event). */
  hash: string;
}

/** An event exactly as EventStoreDB holds it, before any upcasting: what hashes are computed over. */
export interface StoredEvent {
  eventId: string;
  type: string;
  streamId: string;
  streamRevision: number;
  /** Commit position in $all; null when the server does not send one (stream reads before 22.6). */
  position: number | null;
  recordedAt: string;
  data: unknown;
  /** The envelope's metadata, without the store's key. */
  metadata: EventMetadata;
  /** Null when the event carries no (well-formed) link: written by something other than this adapter. */
  link: StreamLink | null;
  /** Why the event cannot be read as one of ours (binary content, metadata that is not JSON). */
  unreadable: string | null;
}

/** An event that cannot be turned into a RecordedEvent; never skipped silently. */
export class EventDecodeError extends Error {
  constructor(
    readonly event: Pick<StoredEvent, 'eventId' | 'streamId' | 'streamRevision' | 'position' | 'type'>,
    reason: string,
  ) {
    super(`Event ${event.eventId} (${event.type}) in ${event.streamId}@${event.streamRevision}, position ${event.position ?? 'unknown'}, cannot be read: ${reason}`);
    this.name = 'EventDecodeError';
  }
}

/** System records of $all (stats, epochs, metadata, scavenges) are not ours. */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** Commit positions are byte offsets of the log; a JavaScript number holds them exactly up to 8 PiB. */
export function positionNumber(commit: bigint): number {
  const n = Number(commit);
  if (!Number.isSafeInteger(n)) throw new Error(`Commit position ${commit} exceeds what this adapter can represent`);
  return n;
}

/** The commit position a read gave for an event, whichever field carries it. */
export function commitOf(resolved: { event?: { position?: { commit: bigint } }; commitPosition?: bigint }): number | null {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  return commit === undefined ? null : positionNumber(commit);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function parseLink(value: unknown): StreamLink | null {
  if (!isPlainObject(value)) return null;
  const { schemaVersion, prevHash, hash } = value;
  if (!Number.isSafeInteger(schemaVersion) || typeof prevHash !== 'string' || typeof hash !== 'string') return null;
  return { schemaVersion: schemaVersion as number, prevHash, hash };
}

/** Splits what the client returned into the envelope and the store's additions, without judging it. */
export function toStoredEvent(event: EsdbRecordedEvent, position: number | null): StoredEvent {
  let unreadable: string | null = null;
  let metadata: EventMetadata = {} as EventMetadata;
  let link: StreamLink | null = null;
  if (!event.isJson) unreadable = 'its content type is not application/json';
  if (isPlainObject(event.metadata)) {
    const { [STORE_METADATA_KEY]: store, ...rest } = event.metadata;
    metadata = rest as unknown as EventMetadata;
    link = parseLink(store);
  } else {
    unreadable ??= event.metadata === undefined ? 'it has no metadata' : 'its metadata is not a JSON object';
  }
  return {
    eventId: event.id,
    type: event.type,
    streamId: event.streamId,
    streamRevision: Number(event.revision),
    position,
    recordedAt: event.created.toISOString(),
    data: event.data,
    metadata,
    link,
    unreadable,
  };
}

/** The RecordedEvent the port promises, upcast to the current schema version; throws EventDecodeError. */
export function decodeStoredEvent(stored: StoredEvent, upcasters: UpcasterRegistry | undefined): RecordedEvent {
  if (stored.unreadable) throw new EventDecodeError(stored, stored.unreadable);
  if (stored.position === null) throw new EventDecodeError(stored, 'the server sent no commit position (EventStoreDB 22.6 or later is required)');
  // An event without a link was not written by this adapter; its version can only be the first.
  const storedVersion = stored.link?.schemaVersion ?? 1;
  const current = upcasters?.currentVersion(stored.type) ?? storedVersion;
  let data = stored.data;
  if (upcasters && storedVersion < current) {
    try {
      data = upcasters.upcast(stored.type, storedVersion, stored.data);
    } catch (error) {
      throw new EventDecodeError(stored, `upcasting from version ${storedVersion} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return {
    eventId: stored.eventId,
    type: stored.type,
    data,
    metadata: stored.metadata,
    streamId: stored.streamId,
    streamRevision: stored.streamRevision,
    globalPosition: stored.position,
    schemaVersion: upcasters && storedVersion < current ? current : storedVersion,
    recordedAt: stored.recordedAt,
  };
}

/** An event ready to append: JSON-clean content (what the server will hand back) and its link. */
export interface PreparedEvent {
  eventId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  link: StreamLink;
}

/** Chains a batch onto the stream's last link; the first event lands at `firstRevision`. */
export function linkBatch(
  streamId: string,
  firstRevision: number,
  prevHash: string,
  events: { eventId: string; type: string; data: unknown; metadata: EventMetadata; schemaVersion: number }[],
): PreparedEvent[] {
  let prev = prevHash;
  return events.map((event, i) => {
    const hash = streamEventHash(prev, {
      streamId,
      streamRevision: firstRevision + i,
      eventId: event.eventId,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata: event.metadata,
    });
    const link = { schemaVersion: event.schemaVersion, prevHash: prev, hash };
    prev = hash;
    return { eventId: event.eventId, type: event.type, data: event.data, metadata: event.metadata, link };
  });
}

export function toEventData(event: PreparedEvent): EventData {
  return jsonEvent({
    id: event.eventId,
    type: event.type,
    // jsonEvent's type forbids scalars, but the client JSON.stringify's whatever it is given.
    data: event.data as JSONType,
    metadata: { ...event.metadata, [STORE_METADATA_KEY]: event.link } as unknown as JSONType,
  });
}

/** Our vocabulary to the client's; numbers are checked (the client would send anything as a string). */
export function toEsdbExpectedRevision(streamId: string, expected: ExpectedRevision): AppendExpectedRevision {
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

export function revisionText(actual: CurrentRevision | undefined): string {
  return actual === undefined ? 'unknown' : String(actual);
}

/**
 * The one place where the client's errors become domain errors (DESIGN §12.6), so a stale revision is
 * a 409, a batch over the server's limit a 413, a deleted stream a 409 on append and a 404 on read,
 * and an event store that refuses or cannot be reached a 503, never a 500. Anything else is a bug
 * and passes through.
 */
export function mapClientError(error: unknown, context: { streamId?: string; operation: 'append' | 'read'; expected?: ExpectedRevision }): unknown {
  const streamId = context.streamId ?? '$all';
  if (error instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevisionError(streamId, String(context.expected ?? error.expectedVersion), revisionText(error.actualVersion));
  }
  if (error instanceof MaxAppendSizeExceededError) {
    return new DomainError('TOO_LARGE', `The events are larger than the event store accepts in one append (${error.maxAppendSize} bytes)`, {
      streamId,
      maxAppendSize: error.maxAppendSize,
    });
  }
  if (error instanceof StreamDeletedError) {
    return context.operation === 'append'
      ? new DomainError('CONFLICT', `Stream ${streamId} has been deleted from the event store; nothing can be appended to it`, { streamId })
      : new DomainError('NOT_FOUND', `Stream ${streamId} has been deleted from the event store`, { streamId });
  }
  if (error instanceof AccessDeniedError) {
    return new DomainError('UNAVAILABLE', `The event store refused the ${context.operation} of ${streamId}: access denied (check the credentials in EVENTSTORE_CONNECTION_STRING)`, {
      streamId,
    });
  }
  if (error instanceof UnavailableError || error instanceof DeadlineExceededError || error instanceof NotLeaderError) {
    return new DomainError('UNAVAILABLE', `The event store did not answer the ${context.operation} of ${streamId}: ${error.message || error.type}`, { streamId });
  }
  return error;
}
