import type { RecordedEvent } from './envelope';

/**
 * The JSON text of an event's data, where a reader already holds it (issue 29: a restore reads each
 * event as a line of the archive, and the audit read model stores the data as text: serialising a
 * million parsed payloads again was ~7 % of the restore's CPU). Module-private and not enumerable,
 * so nothing but `withDataJson` sets it and no copy of the event (`{ ...event, data }`) carries it:
 * a changed `data` can never come with the text of the old one.
 */
const DATA_JSON = Symbol('dataJson');

/** Attaches `text` to `event`; the caller vouches that it is exactly `JSON.stringify(event.data)`. */
export function withDataJson<E extends RecordedEvent>(event: E, text: string): E {
  Object.defineProperty(event, DATA_JSON, { value: text });
  return event;
}

/** `JSON.stringify(event.data)` (null for none), from the text the reader attached when it did. */
export function dataJsonOf(event: RecordedEvent): string {
  return (event as RecordedEvent & { [DATA_JSON]?: string })[DATA_JSON] ?? JSON.stringify(event.data === undefined ? null : event.data);
}
