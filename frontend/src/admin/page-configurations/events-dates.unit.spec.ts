import type { EventItem } from '@punchline/domain';
import { passedShows, showDateText, sortByDate } from './events-dates';

const NOW = new Date('2026-11-25T12:00:00Z');
const show = (title: string, date: string): EventItem => ({ title, date, venue: '', link: '' });

describe('events tab helpers (issue 14 point 4, issue 12 point 9)', () => {
  it('finds upcoming shows whose date has passed, never TBA', () => {
    const old = show('Old', 'April 1, 2025');
    const events = [old, show('Soon', 'June 12, 2031'), show('Who knows', 'TBA')];
    expect([...passedShows(events, NOW)]).toEqual([old]);
  });

  it('judges "passed" in the site time zone (issue 31)', () => {
    // 11pm on November 24 in Honolulu is 09:00 UTC on the 25th: over at noon UTC, not yet at 08:00 UTC.
    const late = show('Late', 'November 24, 2026 11pm');
    expect([...passedShows([late], NOW, 'Pacific/Honolulu')]).toEqual([late]);
    expect([...passedShows([late], new Date('2026-11-25T08:00:00Z'), 'Pacific/Honolulu')]).toEqual([]);
    expect([...passedShows([late], new Date('2026-11-25T08:00:00Z'), 'UTC')]).toEqual([late]);
  });

  it('sorts readable dates first, soonest first; the rest keep their order', () => {
    const events = [show('TBA one', 'TBA'), show('B', 'June 13, 2031'), show('A', 'June 12, 2031 9pm'), show('A0', 'June 12, 2031 8pm'), show('TBA two', 'Soon')];
    expect(sortByDate(events, NOW).map((e) => e.title)).toEqual(['A0', 'A', 'B', 'TBA one', 'TBA two']);
  });

  it('writes a picked day in the text form the site shows', () => {
    expect(showDateText('2031-06-12')).toBe('June 12, 2031');
  });
});
