import { createHash } from 'node:crypto';
import { canonicalJson } from '@punchline/domain';
import { eventHash, eventHashFromCanonical } from './hash-chain';

describe('eventHash', () => {
  const event = {
    globalPosition: 7,
    streamId: 'site-1',
    streamRevision: 3,
    eventId: '0b4d6c1e-7c5e-4b8a-9d6e-1f2a3b4c5d6e',
    type: 'DraftSaved',
    schemaVersion: 2,
    data: { z: 'ü', a: [1.5, { y: null, b: true }] },
    metadata: { occurredAt: '2025-01-01T00:00:00.000Z', actorEmail: 'a@example.com', correlationId: 'c', causationId: null },
  };

  it('is sha256 of prev_hash followed by the canonical JSON of the event', () => {
    const expected = createHash('sha256').update(`abc${canonicalJson(event)}`).digest('hex');
    expect(eventHash('abc', event)).toBe(expected);
  });

  it('gives the same hash from pre-serialised data and metadata', () => {
    const { data, metadata, ...envelope } = event;
    expect(eventHashFromCanonical('', envelope, canonicalJson(data), canonicalJson(metadata))).toBe(eventHash('', event));
  });

  it('changes with the previous hash and with any field', () => {
    const base = eventHash('', event);
    expect(eventHash('x', event)).not.toBe(base);
    expect(eventHash('', { ...event, globalPosition: 8 })).not.toBe(base);
    expect(eventHash('', { ...event, data: { ...event.data, z: 'u' } })).not.toBe(base);
    expect(eventHash('', { ...event, metadata: { ...event.metadata, actorEmail: 'b@example.com' } })).not.toBe(base);
  });
});
