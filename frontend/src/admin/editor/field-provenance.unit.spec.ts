import { relativeTime } from './field-provenance';

describe('relativeTime (field provenance)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('reads an instant relative to now, in the largest unit that fits', () => {
    expect(relativeTime('2026-11-22T12:00:00Z', now, 'en')).toBe('3 days ago');
    expect(relativeTime('2026-11-25T11:58:00Z', now, 'en')).toBe('2 minutes ago');
    expect(relativeTime('2026-11-25T11:59:40Z', now, 'en')).toBe('just now');
    expect(relativeTime('not a time', now, 'en')).toBe('not a time');
  });
});
