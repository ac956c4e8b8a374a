import {
  BACKWARDS,
  END,
  FORWARDS,
  START,
  StreamNotFoundError,
  type AllStreamResolvedEvent,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { commitOf, isSystemEvent, toStoredEvent, type EventStoreDbClientPort, type StoredEvent } from './eventstoredb-mapping';

/** Where to start reading $all so that every event after `after` is seen: a record boundary, and what to skip. */
export interface ReadStart {
  from: ReadPosition;
  /** Events at or below this position were already seen (the boundary itself is read again). */
  skipUpTo: number;
}

/**
 * Commit positions this process has seen on events: record boundaries the server can read from.
 * Bounded (oldest forgotten first); a forgotten one costs a backward scan, never a wrong read.
 */
export class KnownPositions {
  private readonly positions = new Set<number>();

  constructor(private readonly limit = 50_000) {}

  add(position: number): void {
    if (this.positions.has(position)) return;
    this.positions.add(position);
    if (this.positions.size > this.limit) this.positions.delete(this.positions.values().next().value!);
  }

  has(position: number): boolean {
    return this.positions.has(position);
  }
}

export function boundary(position: number): Position {
  const at = BigInt(position);
  return { commit: at, prepare: at };
}

/** Consumes a read; when the caller stops early the server-side read is cancelled, not left open. */
export async function* consume<E>(read: StreamingRead<E>): AsyncGenerator<E> {
  let finished = false;
  try {
    for await (const item of read) yield item as E;
    finished = true;
  } finally {
    if (!finished) await read.cancel().catch(() => undefined);
  }
}

/**
 * The raw reads of the EventStoreDB adapter: every position it sends the server is a record boundary
 * it was given. Client errors pass through; the adapter maps them knowing what it was doing.
 */
export class EventStoreDbReader {
  constructor(
    private readonly client: EventStoreDbClientPort,
    readonly known: KnownPositions = new KnownPositions(),
    /** First backward page when resolving a position this process has not seen; pages double up to 4096. */
    private readonly scanPage = 200,
  ) {}

  /**
   * A start for "everything after `after`". Reading $all forward from a position is inclusive, and a
   * number that is not a record boundary is refused by the server (AllReader repositions the log
   * reader there), so an unknown number is first resolved by reading backwards from the end, with
   * positions the server gave, to the last event at or before it.
   */
  async startAfter(after: number): Promise<ReadStart> {
    if (after <= 0) return { from: START, skipUpTo: 0 };
    if (this.known.has(after)) return { from: boundary(after), skipUpTo: after };
    let before: ReadPosition = END;
    for (let page = this.scanPage; ; page = Math.min(page * 2, 4096)) {
      let seen = 0;
      let lowest: number | null = null;
      for await (const resolved of consume(this.client.readAll({ fromPosition: before, maxCount: page, direction: BACKWARDS }))) {
        const commit = commitOf(resolved);
        if (commit === null) continue;
        seen += 1;
        this.known.add(commit);
        if (commit <= after) return { from: boundary(commit), skipUpTo: after };
        lowest = commit;
      }
      // Below the first event (or an empty log): read from the start and skip nothing real.
      if (seen < page || lowest === null) return { from: START, skipUpTo: after };
      before = boundary(lowest);
    }
  }

  /**
   * Up to `limit` stored events with position > after, system records skipped. Each page asks for one
   * more than still wanted because the boundary it starts from is read again; pages are refilled when
   * system records took their place.
   */
  async readAllStored(after: number, limit: number): Promise<StoredEvent[]> {
    if (limit <= 0) return [];
    const start = await this.startAfter(after);
    let from = start.from;
    let last = start.skipUpTo;
    const events: StoredEvent[] = [];
    for (;;) {
      const maxCount = limit - events.length + 1;
      let received = 0;
      for await (const resolved of consume(this.client.readAll({ fromPosition: from, maxCount, direction: FORWARDS }))) {
        received += 1;
        const commit = commitOf(resolved);
        if (!resolved.event || commit === null || commit <= last) continue;
        last = commit;
        this.known.add(commit);
        if (isSystemEvent(resolved.event)) continue;
        events.push(toStoredEvent(resolved.event, commit));
        if (events.length === limit) return events;
      }
      if (received < maxCount) return events;
      from = boundary(last);
    }
  }

  /** Stored events of one stream from a revision on; [] for a stream that does not exist. */
  async readStreamStored(streamId: string, fromRevision: number, maxCount?: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      const read = this.client.readStream(streamId, { fromRevision: BigInt(fromRevision), direction: FORWARDS, ...(maxCount ? { maxCount } : {}) });
      for await (const resolved of consume(read)) {
        if (resolved.event) events.push(this.stored(resolved));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** The stream's last stored event, or null when it has none. */
  async lastOfStream(streamId: string): Promise<StoredEvent | null> {
    try {
      for await (const resolved of consume(this.client.readStream(streamId, { fromRevision: END, maxCount: 1, direction: BACKWARDS }))) {
        if (resolved.event) return this.stored(resolved);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }

  /** The event at exactly this revision, or null. */
  async eventAt(streamId: string, revision: number): Promise<StoredEvent | null> {
    const [event] = await this.readStreamStored(streamId, revision, 1);
    return event && event.streamRevision === revision ? event : null;
  }

  /** Position of the newest non-system event (0 when there is none); the read is cancelled once it is found. */
  async headPosition(): Promise<number> {
    let before: ReadPosition = END;
    for (;;) {
      let seen = 0;
      let lowest: number | null = null;
      const pageSize = 20;
      for await (const resolved of consume(this.client.readAll({ fromPosition: before, maxCount: pageSize, direction: BACKWARDS }))) {
        const commit = commitOf(resolved);
        if (commit === null) continue;
        seen += 1;
        this.known.add(commit);
        // Reading backwards from a position is exclusive of it; the guard only protects against a loop.
        if (lowest !== null && commit >= lowest) continue;
        lowest = commit;
        if (resolved.event && !isSystemEvent(resolved.event)) return commit;
      }
      if (seen < pageSize || lowest === null) return 0;
      before = boundary(lowest);
    }
  }

  private stored(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent {
    const commit = commitOf(resolved);
    if (commit !== null) this.known.add(commit);
    return toStoredEvent(resolved.event!, commit);
  }
}
