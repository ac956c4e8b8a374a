import {
  AccessDeniedError,
  MaxAppendSizeExceededError,
  NO_STREAM,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
  type JSONRecordedEvent,
} from '@eventstore/db-client';
import { DomainError, WrongExpectedRevisionError, createUpcasterRegistry } from '@punchline/domain';
import { streamEventHash } from '@punchline/projections';
import { EventDecodeError, STORE_METADATA_KEY, decodeStoredEvent, linkBatch, mapClientError, toEventData, toStoredEvent } from './eventstoredb-mapping';

const metadata = { actorEmail: 'ada@example.com', correlationId: 'c-1', causationId: null, occurredAt: '2025-03-01T12:00:00.000Z' };

/** A RecordedEvent as the client's convertGrpcRecord builds it. */
function recorded(overrides: Partial<JSONRecordedEvent> & { metadata?: unknown } = {}): JSONRecordedEvent {
  return {
    streamId: 'site',
    id: '0b4d6c1e-7c5e-4b8a-9d6e-1f2a3b4c5d6e',
    revision: 4n,
    type: 'DraftSaved',
    created: new Date('2025-03-01T12:00:01.000Z'),
    data: { changes: { site_title: 'Late Laughs' } },
    metadata: { ...metadata, [STORE_METADATA_KEY]: { schemaVersion: 1, prevHash: 'p', hash: 'h' } },
    isJson: true,
    position: { commit: 4096n, prepare: 4096n },
    ...overrides,
  } as JSONRecordedEvent;
}

// Each error code's HTTP status is the backend's (statusOf in backend/src/platform/http/domain-error.filter.ts, checked by
// domain-error.filter.unit.spec.ts beside it); here the adapter only has to give the right code.
describe('mapping the client’s errors to domain errors', () => {
  it('a wrong expected version is a stale revision (409) naming both revisions', () => {
    const error = mapClientError(new WrongExpectedVersionError(undefined, { streamName: 'site', expected: 3n, current: 5n }), {
      streamId: 'site',
      operation: 'append',
      expected: 3,
    });
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ code: 'STALE_REVISION', expected: '3', actual: '5' });
    expect(mapClientError(new WrongExpectedVersionError(undefined, { streamName: 'x', expected: 0n, current: NO_STREAM }), { streamId: 'x', operation: 'append', expected: 0 })).toMatchObject({
      actual: 'no_stream',
    });
  });

  it('a batch over the server’s maximum append size is TOO_LARGE (413)', () => {
    const error = mapClientError(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576), { streamId: 'site', operation: 'append' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'TOO_LARGE', details: { maxAppendSize: 1_048_576 } });
    expect((error as DomainError).message).toMatch(/1048576 bytes/);
  });

  it('a deleted stream is a CONFLICT (409) on append and NOT_FOUND (404) on read', () => {
    const onAppend = mapClientError(StreamDeletedError.fromStreamName('contact-1'), { streamId: 'contact-1', operation: 'append' });
    const onRead = mapClientError(StreamDeletedError.fromStreamName('contact-1'), { streamId: 'contact-1', operation: 'read' });
    expect(onAppend).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('contact-1') });
    expect(onRead).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('contact-1') });
  });

  it('access denied and an unreachable server are UNAVAILABLE (503), never a 500', () => {
    const denied = mapClientError(new AccessDeniedError(undefined, 'Access denied'), { streamId: 'site', operation: 'append' });
    expect(denied).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/access denied.*EVENTSTORE_CONNECTION_STRING/) });
    expect(mapClientError(new UnavailableError(undefined, 'No connection established'), { operation: 'read' })).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('passes anything else through unchanged (a bug must stay a bug)', () => {
    const bug = new TypeError('x is undefined');
    expect(mapClientError(bug, { operation: 'read' })).toBe(bug);
  });
});

describe('stored form and decoding', () => {
  it('splits the store’s key off the metadata and reads the link and schema version', () => {
    const stored = toStoredEvent(recorded(), 4096);
    expect(stored).toMatchObject({ eventId: recorded().id, streamRevision: 4, position: 4096, metadata, link: { schemaVersion: 1, prevHash: 'p', hash: 'h' }, unreadable: null });
    expect(stored.metadata).not.toHaveProperty(STORE_METADATA_KEY);
    expect(decodeStoredEvent(stored, undefined)).toEqual({
      eventId: recorded().id,
      type: 'DraftSaved',
      data: recorded().data,
      metadata,
      streamId: 'site',
      streamRevision: 4,
      globalPosition: 4096,
      schemaVersion: 1,
      recordedAt: '2025-03-01T12:00:01.000Z',
    });
  });

  it('upcasts from the stored version and names the event when upcasting fails', () => {
    const upcasters = createUpcasterRegistry({ DraftSaved: { 1: (data) => ({ ...(data as object), v: 2 }) } });
    expect(decodeStoredEvent(toStoredEvent(recorded(), 4096), upcasters)).toMatchObject({ schemaVersion: 2, data: { v: 2 } });
    const broken = createUpcasterRegistry({
      DraftSaved: {
        1: () => {
          throw new Error('no title');
        },
      },
    });
    expect(() => decodeStoredEvent(toStoredEvent(recorded(), 4096), broken)).toThrow(EventDecodeError);
    expect(() => decodeStoredEvent(toStoredEvent(recorded(), 4096), broken)).toThrow(/0b4d6c1e.*site@4, position 4096.*upcasting from version 1 failed: no title/);
  });

  it('refuses binary content, metadata that is not JSON and a missing position with a reason', () => {
    const binary = toStoredEvent({ ...recorded(), isJson: false, data: new Uint8Array([1, 2]) } as unknown as JSONRecordedEvent, 4096);
    expect(() => decodeStoredEvent(binary, undefined)).toThrow(/content type is not application\/json/);
    const bytes = toStoredEvent(recorded({ metadata: new Uint8Array([0x7b]) }), 4096);
    expect(() => decodeStoredEvent(bytes, undefined)).toThrow(/metadata is not a JSON object/);
    expect(() => decodeStoredEvent(toStoredEvent(recorded(), null), undefined)).toThrow(/no commit position/);
  });

  it('links a batch onto the stream’s last hash and writes the link under the store’s key', () => {
    const events = [
      { eventId: 'a0000000-0000-4000-8000-000000000000', type: 'A', data: { n: 1 }, metadata, schemaVersion: 1 },
      { eventId: 'b0000000-0000-4000-8000-000000000000', type: 'B', data: [1, 'two'], metadata, schemaVersion: 3 },
    ];
    const [first, second] = linkBatch('site', 7, 'tail', events);
    expect(first.link).toEqual({
      schemaVersion: 1,
      prevHash: 'tail',
      hash: streamEventHash('tail', { streamId: 'site', streamRevision: 7, eventId: events[0].eventId, type: 'A', schemaVersion: 1, data: { n: 1 }, metadata }),
    });
    expect(second.link.prevHash).toBe(first.link.hash);
    expect(second.link.hash).toBe(
      streamEventHash(first.link.hash, { streamId: 'site', streamRevision: 8, eventId: events[1].eventId, type: 'B', schemaVersion: 3, data: [1, 'two'], metadata }),
    );
    expect(toEventData(second)).toMatchObject({ id: events[1].eventId, contentType: 'application/json', type: 'B', metadata: { ...metadata, [STORE_METADATA_KEY]: second.link } });
  });
});
