import { dataJsonOf, withDataJson } from './data-json';
import type { RecordedEvent } from './envelope';

const event = (data: unknown): RecordedEvent => ({
  eventId: '00000000-0000-4000-8000-000000000001',
  type: 'DraftSaved',
  data,
  metadata: { actorEmail: 'ada@example.com', correlationId: 'c', causationId: null, occurredAt: '2026-11-27T10:00:00.000Z' },
  streamId: 'site',
  streamRevision: 0,
  globalPosition: 1,
  schemaVersion: 1,
  recordedAt: '2026-11-27T10:00:00.000Z',
});

describe('dataJsonOf', () => {
  it('writes the data out when no text came with the event (null for none)', () => {
    expect(dataJsonOf(event({ changes: { hero_title: 'Hi' } }))).toBe('{"changes":{"hero_title":"Hi"}}');
    expect(dataJsonOf(event(undefined))).toBe('null');
  });

  it('answers the text a reader attached, without writing the data out again', () => {
    const data = { changes: { hero_title: 'Hi' } };
    const read = withDataJson(event(data), '{"changes":{"hero_title":"Hi"}}');
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      expect(dataJsonOf(read)).toBe('{"changes":{"hero_title":"Hi"}}');
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });

  it('is not carried by a copy of the event: a copy with other data is written out from that data', () => {
    const read = withDataJson(event({ changes: { hero_title: 'Old' } }), '{"changes":{"hero_title":"Old"}}');
    const copy = { ...read, data: { changes: { hero_title: 'New' } } };
    expect(dataJsonOf(copy)).toBe('{"changes":{"hero_title":"New"}}');
    // Nor does it show where the event is written out or compared.
    expect(Object.keys(read)).not.toContain('dataJson');
    expect(JSON.parse(JSON.stringify(read))).toEqual(event({ changes: { hero_title: 'Old' } }));
  });
});
