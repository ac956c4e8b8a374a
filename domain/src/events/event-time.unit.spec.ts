import { isoInstant, occurredAtOf } from './event-time';
import type { RecordedEvent } from './envelope';

/** What every caller did before isoInstant: parse, then write back. */
const parsedAndWritten = (text: string): string | null => {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

describe('isoInstant', () => {
  it('answers exactly what parsing and writing back answers, for canonical, odd and impossible times', () => {
    const texts = [
      '2026-10-13T15:11:18.276Z',
      '2024-02-29T23:59:59.999Z',
      '2000-02-29T00:00:00.000Z',
      '2023-02-29T00:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
      '2026-13-01T00:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-01-00T00:00:00.000Z',
      '2026-01-32T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T23:60:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '2024-05-01T10:00:00+02:00',
      '2024-05-01T10:00:00Z',
      '2024-05-01T10:00:00.1234Z',
      // PostgreSQL's microseconds, as an archive's recorded_at holds them.
      '2026-04-10T09:03:54.758000Z',
      '2026-04-10T09:03:54.999999Z',
      '2024-02-29T23:59:59.999500Z',
      '2026-02-29T09:03:54.758000Z',
      '2026-04-31T09:03:54.758000Z',
      '2026-04-10T24:03:54.758000Z',
      '2026-04-10T09:03:54.7580a0Z',
      '2026-04-10T09:03:54.758000+',
      '2024-05-01',
      'yesterday-ish',
      '',
    ];
    for (const text of texts) expect([text, isoInstant(text)]).toEqual([text, parsedAndWritten(text)]);
  });
});

describe('occurredAtOf', () => {
  const event = (occurredAt: string): RecordedEvent => ({
    eventId: 'e',
    type: 'DraftSaved',
    data: {},
    metadata: { actorEmail: null, correlationId: 'c', causationId: null, occurredAt },
    streamId: 'site',
    streamRevision: 0,
    globalPosition: 1,
    schemaVersion: 1,
    recordedAt: '2024-05-01T08:00:01.000Z',
  });

  it('gives the command time in UTC, or the recording time when there is none to read', () => {
    expect(occurredAtOf(event('2024-05-01T10:00:00+02:00'))).toBe('2024-05-01T08:00:00.000Z');
    expect(occurredAtOf(event('2024-05-01T07:59:00.000Z'))).toBe('2024-05-01T07:59:00.000Z');
    expect(occurredAtOf(event('not a time'))).toBe('2024-05-01T08:00:01.000Z');
  });
});
