import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ANY,
  BACKWARDS,
  END,
  EVENT_TYPE,
  MaxAppendSizeExceededError,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  UnknownError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendResult,
  type AppendToStreamOptions,
  type EventData,
  type ReadAllOptions,
  type ReadPosition,
  type ReadStreamOptions,
  type ResolvedEvent,
  type StreamingRead,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';
import type { EventStoreDbClientPort } from '../eventstoredb-mapping';

/**
 * The EventStoreDB server as the adapter meets it through @eventstore/db-client 6.2.1, in memory,
 * for tests of the adapter's own logic (no server can run on the development machines). It answers
 * with the client's real types and error classes, and follows the server's rules as its source
 * states them:
 * - positions are byte offsets of records (not consecutive); every event is its own record;
 * - reading $all forward from a position includes the record at it; backward excludes it; a number
 *   that is not a record boundary is refused (AllReader repositions the log reader there);
 * - appends follow IndexWriter.CheckCommit: the exact expected revision n is checked against the
 *   stream's index (ids at n+1… make a retry idempotent, a partial match is a wrong expected
 *   version), while 'any'/'stream_exists' compare ids only with an in-memory cache of this stream;
 *   ids are never compared across streams;
 * - catch-up subscriptions deliver the events after their start position, then live ones.
 * Test hooks emulate what cannot be provoked through the client: tampering, scavenging, faults.
 */
interface LogRecord {
  position: number;
  streamId: string;
  revision: number;
  id: string;
  type: string;
  contentType: 'application/json' | 'application/octet-stream';
  data: Buffer;
  metadata: Buffer;
  created: Date;
}

type Fault = 'append' | 'readStream' | 'readAll' | 'subscribeToAll';

/** A read the way the client returns it: a Readable of resolved events, with cancel(). */
class FakeRead<E> extends Readable implements Pick<StreamingRead<E>, 'cancel'> {
  private index = 0;
  serverDone = false;

  constructor(
    private readonly items: E[],
    private readonly failure: Error | null,
    private readonly onSettled: (read: FakeRead<E>) => void,
  ) {
    super({ objectMode: true });
  }

  override _read(): void {
    // One item per call, as a server streams a page: until the last is sent the server-side read is open.
    setImmediate(() => {
      if (this.serverDone) return;
      if (this.index < this.items.length) {
        this.push(this.items[this.index++]);
        return;
      }
      this.settle();
      if (this.failure) this.destroy(this.failure);
      else this.push(null);
    });
  }

  async cancel(): Promise<void> {
    this.settle();
  }

  private settle(): void {
    if (this.serverDone) return;
    this.serverDone = true;
    this.onSettled(this);
  }
}

class FakeSubscription extends Readable {
  id = randomUUID();
  constructor(private readonly onUnsubscribe: (s: FakeSubscription) => void) {
    super({ objectMode: true });
  }
  override _read(): void {}
  deliver(event: AllStreamResolvedEvent): void {
    this.push(event);
  }
  fail(error: Error): void {
    this.destroy(error);
  }
  async unsubscribe(): Promise<void> {
    this.onUnsubscribe(this);
    this.push(null);
  }
}

export class InMemoryEventStoreDb implements EventStoreDbClientPort {
  private readonly records: LogRecord[] = [];
  private readonly tombstoned = new Set<string>();
  private nextPosition = 0;
  private readonly subscriptions = new Map<FakeSubscription, { after: number; typeRegex: RegExp | null }>();
  private readonly faults = new Map<Fault, Error[]>();
  private readonly openReads = new Set<FakeRead<unknown>>();
  /** Every position the adapter sent that is not a record boundary (the server would have refused it). */
  readonly invalidPositions: bigint[] = [];
  /** Read calls made, by kind (tests check what the adapter asked for). */
  readonly calls: { method: string; options: unknown }[] = [];
  maxAppendSize = 1024 * 1024;
  disposed = false;
  /** Records below this position are no longer in the server's committed-events cache (see restart()). */
  private cacheFrom = 0;

  constructor() {
    // A fresh log starts with the server's own records.
    this.writeSystemRecord('$epoch-information');
  }

  // ---- the client API -----------------------------------------------------------------------

  async appendToStream(streamName: string, events: EventData[], options: AppendToStreamOptions = {}): Promise<AppendResult> {
    const expected = options.expectedRevision ?? ANY;
    this.calls.push({ method: 'appendToStream', options: { streamName, expectedRevision: expected, ids: events.map((e) => e.id) } });
    this.takeFault('append');
    if (this.tombstoned.has(streamName)) throw StreamDeletedError.fromStreamName(streamName);
    const size = events.reduce((sum, e) => sum + this.encode(e.data, e.contentType).length + this.encodeMetadata(e.metadata).length, 0);
    if (size > this.maxAppendSize) throw MaxAppendSizeExceededError.fromMaxAppendSize(this.maxAppendSize);
    const stream = this.streamRecords(streamName);
    const current = stream.length === 0 ? -1 : stream[stream.length - 1].revision;
    const wrong = (): never => {
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current: current < 0 ? NO_STREAM : BigInt(current) });
    };
    const idempotent = (last: number): AppendResult => {
      const record = stream.find((r) => r.revision === last)!;
      return { success: true, nextExpectedRevision: BigInt(last), position: { commit: BigInt(record.position), prepare: BigInt(record.position) } };
    };
    if (expected === STREAM_EXISTS && current < 0) wrong();
    if (expected === ANY || expected === STREAM_EXISTS) {
      // CheckCommit compares with the committed-events cache: same stream only, first miss decides.
      let first = true;
      let end = -1;
      for (const event of events) {
        const found = stream.find((r) => r.id === event.id && r.position >= this.cacheFrom);
        if (!found) {
          if (first) return this.write(streamName, events, current);
          wrong();
        }
        end = found!.revision;
        first = false;
      }
      return idempotent(end);
    }
    const expectedNumber = expected === NO_STREAM ? -1 : Number(expected);
    if (expectedNumber < current) {
      let revision = expectedNumber;
      for (const event of events) {
        revision += 1;
        if (stream.find((r) => r.revision === revision)?.id === event.id) continue;
        wrong();
      }
      return idempotent(revision);
    }
    if (expectedNumber > current) wrong();
    return this.write(streamName, events, current);
  }

  readStream(streamName: string, options: ReadStreamOptions = {}): StreamingRead<ResolvedEvent> {
    this.calls.push({ method: 'readStream', options: { streamName, ...options } });
    const fault = this.peekFault('readStream');
    if (fault) return this.read([], fault) as unknown as StreamingRead<ResolvedEvent>;
    if (this.tombstoned.has(streamName)) return this.read([], StreamDeletedError.fromStreamName(streamName)) as unknown as StreamingRead<ResolvedEvent>;
    const stream = this.streamRecords(streamName);
    if (stream.length === 0) return this.read([], new StreamNotFoundError(undefined, streamName)) as unknown as StreamingRead<ResolvedEvent>;
    const backwards = options.direction === BACKWARDS;
    const from = options.fromRevision ?? (backwards ? END : START);
    let selected = backwards ? [...stream].reverse() : stream;
    if (from !== START && from !== END) selected = selected.filter((r) => (backwards ? r.revision <= Number(from) : r.revision >= Number(from)));
    selected = selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER));
    return this.read(selected.map((r) => this.resolve(r))) as unknown as StreamingRead<ResolvedEvent>;
  }

  readAll(options: ReadAllOptions = {}): StreamingRead<AllStreamResolvedEvent> {
    this.calls.push({ method: 'readAll', options });
    const fault = this.peekFault('readAll');
    if (fault) return this.read([], fault) as unknown as StreamingRead<AllStreamResolvedEvent>;
    const backwards = options.direction === BACKWARDS;
    const from = options.fromPosition ?? (backwards ? END : START);
    const invalid = this.checkBoundary(from);
    if (invalid) return this.read([], invalid) as unknown as StreamingRead<AllStreamResolvedEvent>;
    let selected: LogRecord[];
    if (backwards) {
      const before = from === END ? Number.POSITIVE_INFINITY : from === START ? 0 : Number((from as { commit: bigint }).commit);
      selected = this.records.filter((r) => r.position < before).reverse();
    } else {
      const at = from === START ? 0 : from === END ? Number.POSITIVE_INFINITY : Number((from as { commit: bigint }).commit);
      selected = this.records.filter((r) => r.position >= at);
    }
    selected = selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER));
    return this.read(selected.map((r) => this.resolve(r))) as unknown as StreamingRead<AllStreamResolvedEvent>;
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): AllStreamSubscription {
    this.calls.push({ method: 'subscribeToAll', options });
    const subscription = new FakeSubscription((s) => this.subscriptions.delete(s));
    const fault = this.takeFaultOrNull('subscribeToAll');
    const from = options.fromPosition ?? START;
    const invalid = fault ?? this.checkBoundary(from);
    const filter = options.filter;
    const typeRegex = filter && filter.filterOn === EVENT_TYPE && 'regex' in filter && filter.regex ? new RegExp(filter.regex) : null;
    setImmediate(() => {
      if (invalid) {
        subscription.fail(invalid);
        return;
      }
      // Catch-up: everything after the start position, then live.
      const after = from === START ? -1 : from === END ? this.nextPosition : Number((from as { commit: bigint }).commit);
      for (const record of this.records) {
        if (record.position > after && (!typeRegex || typeRegex.test(record.type))) subscription.deliver(this.resolve(record) as AllStreamResolvedEvent);
      }
      this.subscriptions.set(subscription, { after, typeRegex });
    });
    return subscription as unknown as AllStreamSubscription;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const s of [...this.subscriptions.keys()]) await s.unsubscribe();
  }

  // ---- test hooks ---------------------------------------------------------------------------

  /** The next call of `method` fails with `error` (several queued calls fail in turn). */
  failNext(method: Fault, ...errors: Error[]): void {
    this.faults.set(method, [...(this.faults.get(method) ?? []), ...errors]);
  }

  /** A record of the server's own ($stats, $epoch…), as $all interleaves them. */
  writeSystemRecord(type = '$statsCollected'): number {
    return this.push({ streamId: `$stats-127.0.0.1:2113`, revision: this.streamRecords('$stats-127.0.0.1:2113').length, id: randomUUID(), type, contentType: 'application/json', data: Buffer.from('{}'), metadata: Buffer.alloc(0) });
  }

  /** An event written by something other than the adapter (binary data, missing or foreign metadata). */
  writeForeign(streamId: string, event: { type: string; data: Buffer | string; metadata?: Buffer | string; contentType?: 'application/json' | 'application/octet-stream' }): number {
    const stream = this.streamRecords(streamId);
    return this.push({
      streamId,
      revision: stream.length === 0 ? 0 : stream[stream.length - 1].revision + 1,
      id: randomUUID(),
      type: event.type,
      contentType: event.contentType ?? 'application/json',
      data: Buffer.from(event.data),
      metadata: Buffer.from(event.metadata ?? ''),
    });
  }

  /** Rewrites a record's stored data or metadata in place (someone editing the database files). */
  tamper(position: number, change: { data?: unknown; metadata?: (metadata: Record<string, unknown>) => Record<string, unknown> }): void {
    const record = this.recordAt(position);
    if (change.data !== undefined) record.data = Buffer.from(JSON.stringify(change.data));
    if (change.metadata) record.metadata = Buffer.from(JSON.stringify(change.metadata(JSON.parse(record.metadata.toString('utf8')))));
  }

  /** Removes a record (a deleted or truncated stream after a scavenge). */
  scavenge(position: number): void {
    this.records.splice(this.records.indexOf(this.recordAt(position)), 1);
  }

  /** A server restart: the log stays, the in-memory cache 'any'/'stream_exists' retries are checked against is empty. */
  restart(): void {
    this.cacheFrom = this.nextPosition;
  }

  /** Hard-deletes a stream: later appends and reads are refused with StreamDeleted. */
  tombstone(streamId: string): void {
    this.tombstoned.add(streamId);
  }

  /** Breaks every live subscription as a lost connection would. */
  dropSubscriptions(error: Error): void {
    for (const s of [...this.subscriptions.keys()]) {
      this.subscriptions.delete(s);
      s.fail(error);
    }
  }

  get liveSubscriptions(): number {
    return this.subscriptions.size;
  }

  /** Reads whose server side is still sending: neither drained nor cancelled. */
  get openServerReads(): number {
    return this.openReads.size;
  }

  positions(): number[] {
    return this.records.filter((r) => !r.streamId.startsWith('$')).map((r) => r.position);
  }

  // ---- internals ----------------------------------------------------------------------------

  private write(streamName: string, events: EventData[], current: number): AppendResult {
    let revision = current;
    let position = 0;
    for (const event of events) {
      revision += 1;
      position = this.push({
        streamId: streamName,
        revision,
        id: event.id,
        type: event.type,
        contentType: event.contentType,
        data: this.encode(event.data, event.contentType),
        metadata: this.encodeMetadata(event.metadata),
      });
    }
    return { success: true, nextExpectedRevision: BigInt(revision), position: { commit: BigInt(position), prepare: BigInt(position) } };
  }

  private push(record: Omit<LogRecord, 'position' | 'created'>): number {
    const full: LogRecord = { ...record, position: this.nextPosition, created: new Date() };
    // A record's length: a header plus its content, so positions are offsets with gaps.
    this.nextPosition += 90 + Buffer.byteLength(record.streamId) + Buffer.byteLength(record.type) + record.data.length + record.metadata.length;
    this.records.push(full);
    for (const [subscription, state] of this.subscriptions) {
      if (full.position > state.after && (!state.typeRegex || state.typeRegex.test(full.type))) {
        subscription.deliver(this.resolve(full) as AllStreamResolvedEvent);
      }
    }
    return full.position;
  }

  private encode(data: unknown, contentType: string): Buffer {
    return contentType === 'application/json' ? Buffer.from(JSON.stringify(data), 'utf8') : Buffer.from(data as Uint8Array);
  }

  private encodeMetadata(metadata: unknown): Buffer {
    if (metadata === undefined) return Buffer.alloc(0);
    return metadata instanceof Uint8Array ? Buffer.from(metadata) : Buffer.from(JSON.stringify(metadata), 'utf8');
  }

  /** The conversion of utils/convertGrpcEvent.js: malformed JSON data stays a string, metadata bytes. */
  private resolve(record: LogRecord): ResolvedEvent & AllStreamResolvedEvent {
    const isJson = record.contentType === 'application/json';
    let data: unknown = record.data;
    if (isJson) {
      const text = record.data.toString('utf8');
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    let metadata: unknown;
    if (record.metadata.length > 0) {
      try {
        metadata = JSON.parse(record.metadata.toString('utf8'));
      } catch {
        metadata = new Uint8Array(record.metadata);
      }
    }
    const position = { commit: BigInt(record.position), prepare: BigInt(record.position) };
    return {
      event: {
        streamId: record.streamId,
        id: record.id,
        revision: BigInt(record.revision),
        type: record.type,
        created: record.created,
        data,
        metadata,
        isJson,
        position,
      },
      commitPosition: position.commit,
    } as unknown as ResolvedEvent & AllStreamResolvedEvent;
  }

  private read<E>(items: E[], failure: Error | null = null): FakeRead<E> {
    const read = new FakeRead<E>(items, failure, (r) => this.openReads.delete(r as FakeRead<unknown>));
    this.openReads.add(read as FakeRead<unknown>);
    return read;
  }

  private checkBoundary(from: ReadPosition): Error | null {
    if (from === START || from === END) return null;
    const commit = Number(from.commit);
    // At or past the end of the log the server reads nothing; inside it, only record boundaries.
    if (from.commit !== from.prepare || (commit < this.nextPosition && !this.records.some((r) => r.position === commit))) {
      this.invalidPositions.push(from.commit);
      return new UnknownError(undefined, `Invalid position C:${from.commit}/P:${from.prepare}`);
    }
    return null;
  }

  private streamRecords(streamId: string): LogRecord[] {
    return this.records.filter((r) => r.streamId === streamId);
  }

  private recordAt(position: number): LogRecord {
    const record = this.records.find((r) => r.position === position);
    if (!record) throw new Error(`No record at ${position}`);
    return record;
  }

  private takeFault(method: Fault): void {
    const error = this.takeFaultOrNull(method);
    if (error) throw error;
  }

  private takeFaultOrNull(method: Fault): Error | null {
    const queue = this.faults.get(method);
    return queue?.shift() ?? null;
  }

  private peekFault(method: Fault): Error | null {
    return this.takeFaultOrNull(method);
  }
}
