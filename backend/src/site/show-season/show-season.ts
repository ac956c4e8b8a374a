import { createHash } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { readShowDate, showHasPassed, showStartIso, type EventItem, type SettingsRecord, type ShowDate } from '@punchline/domain';

/** An upcoming show whose date could be read (issue 14); unreadable dates are left out, never guessed. */
export interface DatedShow {
  show: EventItem;
  when: ShowDate;
}

export function datedUpcomingShows(settings: Pick<SettingsRecord, 'events_upcoming'>, now: Date): DatedShow[] {
  const shows: DatedShow[] = [];
  for (const show of settings.events_upcoming ?? []) {
    const when = readShowDate(show.date, now);
    if (when && !showHasPassed(when, now)) shows.push({ show, when });
  }
  return shows;
}

const isHttpLink = (link: string): boolean => /^https?:\/\//i.test(link.trim());

/**
 * schema.org ComedyEvent JSON-LD for the upcoming shows (issue 14), as one <script> for the page
 * head; '' when there is none. `<` is escaped, so no text in a show can end the element.
 */
export function comedyEventsJsonLd(settings: SettingsRecord, baseUrl: string, now: Date): string {
  const shows = datedUpcomingShows(settings, now);
  if (shows.length === 0) return '';
  const organizer = { '@type': 'Organization', name: settings.site_title, url: `${baseUrl}/` };
  const graph = shows.map(({ show, when }) => ({
    '@type': 'ComedyEvent',
    name: show.title.trim() || settings.site_title,
    startDate: showStartIso(when),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(show.venue.trim() ? { location: { '@type': 'Place', name: show.venue.trim(), address: show.venue.trim() } } : {}),
    ...(isHttpLink(show.link) ? { offers: { '@type': 'Offer', url: show.link.trim() } } : {}),
    url: `${baseUrl}/events`,
    organizer,
  }));
  const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': graph });
  return `<script type="application/ld+json">${json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}</script>`;
}

/** A show's calendar identity: the same while its title and venue stay (edits of anything else keep it). */
export function showUid(show: Pick<EventItem, 'title' | 'venue'>, host: string): string {
  const key = `${show.title.trim().toLowerCase()}|${show.venue.trim().toLowerCase()}`;
  return `${createHash('sha256').update(key).digest('hex').slice(0, 24)}@${host}`;
}

/**
 * The calendar feed (RFC 5545, written by ical-generator): every readable upcoming show, UIDs
 * stable per title and venue, SEQUENCE = how many times its date or ticket link changed across the
 * published versions (`sequences`, from history). A show without a time is an all-day event; a
 * time is the venue's local time, written as floating time (no zone is known).
 */
export function eventsCalendar(settings: SettingsRecord, baseUrl: string, now: Date, sequences: ReadonlyMap<string, number>, stamp: Date): string {
  const host = new URL(baseUrl).hostname;
  const calendar = ical({ name: `${settings.site_title} shows`, prodId: { company: 'Punchline', product: 'events', language: 'EN' }, url: `${baseUrl}/events` });
  for (const { show, when } of datedUpcomingShows(settings, now)) {
    const uid = showUid(show, host);
    const [y, m, d] = when.date.split('-').map(Number) as [number, number, number];
    const [hh, mm] = when.time ? (when.time.split(':').map(Number) as [number, number]) : [0, 0];
    const start = new Date(Date.UTC(y, m - 1, d, hh, mm));
    calendar.createEvent({
      id: uid,
      sequence: sequences.get(uid) ?? 0,
      stamp,
      start,
      ...(when.time ? { end: new Date(start.getTime() + 2 * 3_600_000), floating: true } : { allDay: true }),
      summary: show.title.trim() || settings.site_title,
      ...(show.venue.trim() ? { location: show.venue.trim() } : {}),
      ...(isHttpLink(show.link) ? { url: show.link.trim() } : { url: `${baseUrl}/events` }),
      description: show.link.trim() ? `Tickets: ${show.link.trim()}` : undefined,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/**
 * SEQUENCE per UID from the live versions in order: it rises each time a show (same UID) appears
 * with a date or link different from the one before.
 */
export function calendarSequences(versions: readonly Pick<SettingsRecord, 'events_upcoming'>[], host: string): Map<string, number> {
  const last = new Map<string, string>();
  const sequence = new Map<string, number>();
  for (const version of versions) {
    for (const show of version.events_upcoming ?? []) {
      const uid = showUid(show, host);
      const identity = `${show.date.trim()}|${show.link.trim()}`;
      const before = last.get(uid);
      if (before !== undefined && before !== identity) sequence.set(uid, (sequence.get(uid) ?? 0) + 1);
      last.set(uid, identity);
    }
  }
  return sequence;
}
