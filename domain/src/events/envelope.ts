/** Who caused an event and when; time and ids are injected, never read from a clock in domain/ (DESIGN §12.3). */
export interface EventMetadata {
  actorEmail: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  eventId: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
}

/** The envelopes of an aggregate's events (a union of `{type, data}`), each type with its own data. */
export type NewEventOf<E extends { type: string; data: unknown }> = { [T in E['type']]: NewEvent<T, Extract<E, { type: T }>['data']> }[E['type']];

export interface RecordedEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  streamId: string;
  /** 0-based position of the event inside its stream. */
  streamRevision: number;
  /** 1-based position in the global log; commit order equals position order. */
  globalPosition: number;
  schemaVersion: number;
  recordedAt: string;
}

/** Expected revision of a stream before an append (same vocabulary as EventStoreDB). */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: number;
}
