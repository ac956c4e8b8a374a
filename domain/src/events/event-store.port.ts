import type { AppendResult, ExpectedRevision, NewEvent, RecordedEvent } from './envelope';

/**
 * The event store port (DESIGN §3). Adapters: postgres (PGlite and PostgreSQL) and eventstoredb.
 * Pure types: domain/ stays free of drivers.
 */
export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** The stream's events from `fromRevision` (default 0) on, at most `maxCount` of them (default all). */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /** Events with globalPosition > fromPosition, in global order. */
  readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]>;
  /** Tails the log after fromPosition: every event exactly once, in commit order, until closed. */
  subscribe(options: { fromPosition: number }): EventSubscription;
  /** Global position of the newest event (0 when empty). */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

export interface EventSubscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}
