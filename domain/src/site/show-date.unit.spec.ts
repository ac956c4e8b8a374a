import { describeShowDateProblem, readShowDate, showDateProblem, showEndIso, showHasPassed, showStartIso, zonedInstant, zonedIso } from './show-date';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('readShowDate: free-text show dates, never guessed', () => {
  it('reads dates with a day, month and year, and the time when there is one', () => {
    expect(readShowDate('June 12, 2031', NOW)).toEqual({ date: '2031-06-12', time: null });
    expect(readShowDate('June 12, 2031 8pm', NOW)).toEqual({ date: '2031-06-12', time: '20:00' });
    expect(readShowDate('2031-06-12', NOW)).toEqual({ date: '2031-06-12', time: null });
    expect(readShowDate('Thu 12 June 2031 20:00', NOW)).toEqual({ date: '2031-06-12', time: '20:00' });
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

describe('show dates in the site time zone (issue 31)', () => {
  it('reads an end time, also past midnight', () => {
    expect(readShowDate('March 13, 2027 8pm - 10:30pm', NOW)).toEqual({ date: '2027-03-13', time: '20:00', end: { date: '2027-03-13', time: '22:30' } });
    expect(readShowDate('March 13, 2027 10pm to 1am', NOW)).toEqual({ date: '2027-03-13', time: '22:00', end: { date: '2027-03-14', time: '01:00' } });
  });

  it('refuses a weekday that contradicts the date, and says so', () => {
    expect(readShowDate('Friday, March 13, 2027', NOW)).toBeNull();
    expect(readShowDate('Saturday, March 13, 2027 8pm', NOW)).toEqual({ date: '2027-03-13', time: '20:00' });
    const problem = showDateProblem('Friday, March 13, 2027', NOW);
    expect(problem).toEqual({ kind: 'weekday', written: 'Friday', actual: 'Saturday', date: '2027-03-13' });
    expect(describeShowDateProblem(problem!)).toMatch(/2027-03-13 is a Saturday, not a Friday/);
    expect(showDateProblem('TBA', NOW)).toEqual({ kind: 'unreadable' });
    expect(showDateProblem('', NOW)).toBeNull();
    expect(showDateProblem('June 12, 2031', NOW)).toBeNull();
  });

  it('gives the offset of the day, across daylight saving changes', () => {
    // US clocks change on March 14, 2027; Europe's on March 28, 2027.
    expect(zonedIso('2027-03-13', '20:00', 'America/Chicago')).toBe('2027-03-13T20:00:00-06:00');
    expect(zonedIso('2027-03-14', '20:00', 'America/Chicago')).toBe('2027-03-14T20:00:00-05:00');
    expect(zonedIso('2027-03-27', '20:00', 'Europe/Berlin')).toBe('2027-03-27T20:00:00+01:00');
    expect(zonedIso('2027-03-28', '20:00', 'Europe/Berlin')).toBe('2027-03-28T20:00:00+02:00');
    expect(zonedInstant('2027-03-28', '20:00', 'Europe/Berlin').toISOString()).toBe('2027-03-28T18:00:00.000Z');
    expect(zonedIso('2027-07-01', '19:30', 'Asia/Kolkata')).toBe('2027-07-01T19:30:00+05:30');
    expect(zonedIso('2027-07-01', '19:30', 'UTC')).toBe('2027-07-01T19:30:00+00:00');
  });

  it('reads a skipped spring time with the earlier offset and a repeated autumn time as the first', () => {
    expect(zonedInstant('2027-03-14', '02:30', 'America/Chicago').toISOString()).toBe('2027-03-14T08:30:00.000Z');
    expect(zonedInstant('2027-11-07', '01:30', 'America/Chicago').toISOString()).toBe('2027-11-07T06:30:00.000Z');
  });

  it('writes start and end with offsets, and judges "passed" in the zone', () => {
    const show = readShowDate('March 13, 2027 8pm - 10pm', NOW)!;
    expect(showStartIso(show, 'America/Chicago')).toBe('2027-03-13T20:00:00-06:00');
    expect(showEndIso(show, 'America/Chicago')).toBe('2027-03-13T22:00:00-06:00');
    // 9pm in Chicago is 03:00 UTC the next day: the show is still on.
    expect(showHasPassed(show, new Date('2027-03-14T03:00:00Z'), 'America/Chicago')).toBe(false);
    expect(showHasPassed(show, new Date('2027-03-14T04:01:00Z'), 'America/Chicago')).toBe(true);
    expect(showHasPassed({ date: '2027-03-13', time: null }, new Date('2027-03-14T05:00:00Z'), 'America/Chicago')).toBe(false);
    expect(showHasPassed({ date: '2027-03-13', time: null }, new Date('2027-03-14T06:00:00Z'), 'America/Chicago')).toBe(true);
  });
});
