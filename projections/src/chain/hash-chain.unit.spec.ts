import { createHash } from 'node:crypto';
import { canonicalJson } from '@punchline/domain';
import { ChainWalker, eventHash, eventHashFromCanonical, type ChainRecord } from './hash-chain';

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

describe('ChainWalker.takeRun', () => {
  /** A chain of n events, each hash over its content and the hash before it. */
  const chain = (n: number): ChainRecord[] => {
    const records: ChainRecord[] = [];
    let prevHash = '';
    for (let position = 1; position <= n; position += 1) {
      const fields = { globalPosition: position, streamId: 's', streamRevision: position - 1, eventId: `e${position}`, type: 'T', schemaVersion: 1, data: { position }, metadata: {} };
      const hash = eventHash(prevHash, fields);
      records.push({ ...fields, prevHash, hash });
      prevHash = hash;
    }
    return records;
  };
  const runOf = (records: ChainRecord[]) => ({
    first: records[0]!.globalPosition,
    count: records.length,
    firstPrevHash: records[0]!.prevHash,
    last: { position: records.at(-1)!.globalPosition, hash: records.at(-1)!.hash },
  });

  it('takes a run that joins the chain as it stands, as if each record were fed', () => {
    const records = chain(6);
    const fed = new ChainWalker({ gapless: true });
    records.forEach((record) => fed.next(record));
    const taken = new ChainWalker({ gapless: true });
    expect(taken.takeRun(runOf(records.slice(0, 3)))).toBe(true);
    expect(taken.next(records[3]!)).toBeNull();
    expect(taken.takeRun(runOf(records.slice(4)))).toBe(true);
    expect(taken.result()).toEqual(fed.result());
  });

  it('refuses a run after a gap or whose first link is another hash, leaving the break to next()', () => {
    const records = chain(5);
    const walker = new ChainWalker({ gapless: true });
    expect(walker.takeRun(runOf(records.slice(0, 2)))).toBe(true);
    expect(walker.takeRun(runOf(records.slice(3)))).toBe(false);
    expect(walker.takeRun({ ...runOf(records.slice(2)), firstPrevHash: 'f'.repeat(64) })).toBe(false);
    expect(walker.verified).toBe(2);
    expect(walker.next({ ...records[2]!, prevHash: 'f'.repeat(64) })).toMatchObject({ position: 3, reason: expect.stringContaining('prev_hash') });
    expect(walker.takeRun(runOf(records.slice(2)))).toBe(false);
  });
});
