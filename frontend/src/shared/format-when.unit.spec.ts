import { formatWhen } from './format-when';

describe('formatWhen', () => {
  const a = '2026-11-25T20:32:05.000Z';
  const b = '2026-11-25T20:32:41.000Z';

  it('tells apart two instants of the same minute when seconds matter (snapshots, audit)', () => {
    expect(formatWhen(a, { seconds: true, locale: 'en-GB' })).not.toBe(formatWhen(b, { seconds: true, locale: 'en-GB' }));
    expect(formatWhen(a, { seconds: true, locale: 'en-GB' })).toMatch(/2026.*:05$/);
  });

  it('keeps the date and shows minutes by default, and the raw value when it is not a date', () => {
    expect(formatWhen(a, { locale: 'en-GB' })).toMatch(/25 Nov 2026/);
    expect(formatWhen('yesterday')).toBe('yesterday');
  });
});
