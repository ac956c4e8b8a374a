import { DomainError } from '../errors/domain-error';
import type { NewEvent } from './envelope';

/* What every event store checks before it writes an append (both adapters refuse the same things). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_STREAM_ID_LENGTH = 200;

export function assertValidStreamId(streamId: string): void {
  if (typeof streamId !== 'string' || streamId.length === 0 || streamId.length > MAX_STREAM_ID_LENGTH) {
    throw new DomainError('INVALID_INPUT', `Stream id must be 1–${MAX_STREAM_ID_LENGTH} characters`, { streamId });
  }
}

/** Rejects empty batches, malformed or repeated event ids and missing types before anything is written. */
export function assertValidBatch(streamId: string, events: NewEvent[]): void {
  assertValidStreamId(streamId);
  if (!Array.isArray(events) || events.length === 0) {
    throw new DomainError('INVALID_INPUT', 'An append needs at least one event', { streamId });
  }
  const seen = new Set<string>();
  for (const event of events) {
    if (typeof event.eventId !== 'string' || !UUID.test(event.eventId)) {
      throw new DomainError('INVALID_INPUT', `Event id ${String(event.eventId)} is not a uuid`, { streamId });
    }
    const id = event.eventId.toLowerCase();
    if (seen.has(id)) throw new DomainError('INVALID_INPUT', `Event id ${id} appears twice in one append`, { streamId });
    seen.add(id);
    if (typeof event.type !== 'string' || event.type.length === 0) {
      throw new DomainError('INVALID_INPUT', 'Event type must be a non-empty string', { streamId, eventId: id });
    }
    if (event.metadata === null || typeof event.metadata !== 'object') {
      throw new DomainError('INVALID_INPUT', 'Event metadata must be an object', { streamId, eventId: id });
    }
  }
}

/** What a JSON store hands back for a value: toJSON applied, undefined dropped, NaN as null. */
export function jsonRoundTrip<T>(value: T): T {
  const text = JSON.stringify(value);
  return (text === undefined ? null : JSON.parse(text)) as T;
}
