/** The events tab's date helpers (issue 14 point 4, issue 12 point 9), pure for tests. */
import { readShowDate, showHasPassed, type EventItem } from '@punchline/domain';

/** 'June 12, 2031': the text form the date picker writes (SPEC §3 keeps dates as text). */
export function showDateText(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Upcoming shows whose date has passed (issue 14 point 4), judged in the site time zone (issue 31;
 * UTC when none is given); unreadable dates ('TBA') are never 'past'.
 */
export function passedShows(events: readonly EventItem[], now: Date, zone = 'UTC'): Set<EventItem> {
  return new Set(
    events.filter((event) => {
      const when = readShowDate(event.date, now);
      return when !== null && showHasPassed(when, now, zone);
    }),
  );
}

/** Readable dates first, soonest first; shows without a readable date keep their order at the end. */
export function sortByDate(events: readonly EventItem[], now: Date): EventItem[] {
  const keyed = events.map((event, index) => ({ event, index, when: readShowDate(event.date, now) }));
  return keyed
    .sort((a, b) => {
      if (a.when && b.when) return `${a.when.date}T${a.when.time ?? '99:99'}`.localeCompare(`${b.when.date}T${b.when.time ?? '99:99'}`) || a.index - b.index;
      if (a.when) return -1;
      if (b.when) return 1;
      return a.index - b.index;
    })
    .map((k) => k.event);
}
