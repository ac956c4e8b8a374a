import { readShowDate, showHasPassed, showStartIso } from './show-date';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('readShowDate: free-text show dates, never guessed', () => {
  it('reads dates with a day, month and year, and the time when there is one', () => {
    expect(readShowDate('June 12, 2031', NOW)).toEqual({ date: '2031-06-12', time: null });
    expect(readShowDate('June 12, 2031 8pm', NOW)).toEqual({ date: '2031-06-12', time: '20:00' });
    expect(readShowDate('2031-06-12', NOW)).toEqual({ date: '2031-06-12', time: null });
    expect(readShowDate('Fri 12 June 2031 20:00', NOW)).toEqual({ date: '2031-06-12', time: '20:00' });
    expect(readShowDate('April 1, 2025 · doors 7:30 PM', NOW)).toEqual({ date: '2025-04-01', time: null });
    expect(readShowDate('25/12/2031', NOW)).toEqual({ date: '2031-12-25', time: null });
  });

  it('leaves out what cannot be read for certain', () => {
    for (const text of ['TBA', 'Soon', 'Spring', 'Spring 2031', 'June 12', 'next friday', '', '06/07/2031', 'x'.repeat(300)]) {
      expect(readShowDate(text, NOW)).toBeNull();
    }
  });

  it('tells past from upcoming, and writes schema.org start dates', () => {
    expect(showHasPassed({ date: '2026-11-24', time: null }, NOW)).toBe(true);
    expect(showHasPassed({ date: '2026-11-25', time: null }, NOW)).toBe(false);
    expect(showHasPassed({ date: '2026-11-25', time: '11:00' }, NOW)).toBe(true);
    expect(showStartIso({ date: '2031-06-12', time: '20:00' })).toBe('2031-06-12T20:00');
    expect(showStartIso({ date: '2031-06-12', time: null })).toBe('2031-06-12');
  });
});
