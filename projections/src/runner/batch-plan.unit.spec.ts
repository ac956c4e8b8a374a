import type { RecordedEvent } from '@punchline/domain';
import { planBatch, readFrom } from './batch-plan';

const event = (globalPosition: number): RecordedEvent => ({
  eventId: `00000000-0000-4000-8000-${String(globalPosition).padStart(12, '0')}`,
  type: 'Thing',
  data: {},
  metadata: { actorEmail: null, correlationId: 'c', causationId: null, occurredAt: '2024-01-01T00:00:00.000Z' },
  streamId: 's',
  streamRevision: globalPosition - 1,
  globalPosition,
  schemaVersion: 1,
  recordedAt: '2024-01-01T00:00:00.000Z',
});
const events = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));
const positions = (es: RecordedEvent[]) => es.map((e) => e.globalPosition);

describe('planBatch', () => {
  it('gives each projection only the events after its own checkpoint', () => {
    const slices = planBatch(
      [
        { projection: 'audit', position: 5 },
        { projection: 'settings', position: 2 },
      ],
      events(3, 8),
    );
    expect(slices.map((s) => [s.projection, s.expected, s.next, positions(s.events)])).toEqual([
      ['audit', 5, 8, [6, 7, 8]],
      ['settings', 2, 8, [3, 4, 5, 6, 7, 8]],
    ]);
  });

  it('leaves a projection already at or past the end of the batch out', () => {
    const slices = planBatch(
      [
        { projection: 'a', position: 10 },
        { projection: 'b', position: 4 },
      ],
      events(5, 7),
    );
    expect(slices.map((s) => s.projection)).toEqual(['b']);
  });

  it('stops each projection at its bound', () => {
    const slices = planBatch(
      [
        { projection: 'a', position: 0, upTo: 3 },
        { projection: 'b', position: 0, upTo: 0 },
        { projection: 'c', position: 0 },
      ],
      events(1, 6),
    );
    expect(slices.map((s) => [s.projection, s.next, positions(s.events)])).toEqual([
      ['a', 3, [1, 2, 3]],
      ['c', 6, [1, 2, 3, 4, 5, 6]],
    ]);
  });

  it('moves the checkpoint across a gap in positions (another event store numbers sparsely)', () => {
    const [slice] = planBatch([{ projection: 'a', position: 1 }], [event(2), event(9)]);
    expect([slice.next, positions(slice.events)]).toEqual([9, [2, 9]]);
  });

  it('plans nothing for an empty read', () => {
    expect(planBatch([{ projection: 'a', position: 3 }], [])).toEqual([]);
  });

  it('refuses events out of order', () => {
    expect(() => planBatch([{ projection: 'a', position: 0 }], [event(2), event(1)])).toThrow('out of order');
  });
});

describe('readFrom', () => {
  it('starts at the lowest checkpoint still short of its bound', () => {
    expect(
      readFrom([
        { projection: 'a', position: 2, upTo: 2 },
        { projection: 'b', position: 7 },
        { projection: 'c', position: 4, upTo: 9 },
      ]),
    ).toBe(4);
  });

  it('is null when every projection reached its bound', () => {
    expect(readFrom([{ projection: 'a', position: 5, upTo: 5 }])).toBeNull();
    expect(readFrom([])).toBeNull();
  });
});
