import ical, { ICalEventStatus } from 'ical-generator';
import {
  readShowDate,
  showEndIso,
  showHasPassed,
  showStartIso,
  showTimeOf,
  toProxyUrl,
  zonedInstant,
  type EventItem,
  type SettingsRecord,
  type ShowDate,
  type ShowTime,
} from '@punchline/domain';
import { showCalendarKey } from '@punchline/projections';

/** An upcoming show whose date could be read (issue 14); unreadable dates are left out, never guessed. */
export interface DatedShow {
  show: EventItem;
  when: ShowDate;
}

type ShowSettings = Pick<SettingsRecord, 'events_upcoming' | 'site_timezone'>;

export function datedUpcomingShows(settings: ShowSettings, now: Date): DatedShow[] {
  const shows: DatedShow[] = [];
  for (const show of settings.events_upcoming ?? []) {
    const when = readShowDate(show.date, now);
    if (when && !showHasPassed(when, now, settings.site_timezone)) shows.push({ show, when });
  }
  return shows;
}

/** The dates of every listed show the server can read, for the events page's <time> elements (SiteData.showTimes). */
export function showTimes(settings: Pick<SettingsRecord, 'events_upcoming' | 'events_past' | 'site_timezone'>, now: Date): Record<string, ShowTime> {
  const times: Record<string, ShowTime> = {};
  for (const show of [...(settings.events_upcoming ?? []), ...(settings.events_past ?? [])]) {
    if (Object.prototype.hasOwnProperty.call(times, show.date)) continue;
    const when = readShowDate(show.date, now);
    if (when) times[show.date] = showTimeOf(when, settings.site_timezone);
  }
  return times;
}

const isHttpLink = (link: string): boolean => /^https?:\/\//i.test(link.trim());

/** A link from settings as an absolute http(s) URL (library images through the media proxy), or null. */
function absoluteLink(link: string | undefined, baseUrl: string): string | null {
  const value = toProxyUrl((link ?? '').trim());
  if (value === '') return null;
  try {
    const url = new URL(value, `${baseUrl}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const performersOf = (show: EventItem): string[] =>
  (show.performers ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

const AVAILABILITY: Record<NonNullable<EventItem['availability']>, string | null> = {
  on_sale: 'https://schema.org/InStock',
  sold_out: 'https://schema.org/SoldOut',
  cancelled: null,
};

/**
 * schema.org ComedyEvent JSON-LD for the upcoming shows (issues 14, 31), as one <script> for the page
 * head; '' when there is none. Times carry the site zone's offset on the show's day; the location's
 * address is the show's own (never the venue name repeated); offers carry price, currency and
 * availability when given. `<` is escaped, so no text in a show can end the element.
 */
export function comedyEventsJsonLd(settings: SettingsRecord, baseUrl: string, now: Date): string {
  const shows = datedUpcomingShows(settings, now);
  if (shows.length === 0) return '';
  const zone = settings.site_timezone;
  const organizer = { '@type': 'Organization', name: settings.site_title, url: `${baseUrl}/` };
  const fallbackImage = absoluteLink(settings.hero_image_url, baseUrl) ?? absoluteLink(settings.logo_url, baseUrl);
  const graph = shows.map(({ show, when }) => {
    const venue = show.venue.trim();
    const address = show.address?.trim() ?? '';
    const image = absoluteLink(show.image_url, baseUrl) ?? fallbackImage;
    const performers = performersOf(show);
    const end = showEndIso(when, zone);
    const cancelled = show.availability === 'cancelled';
    const availability = show.availability ? AVAILABILITY[show.availability] : null;
    const priced = show.price !== undefined && show.currency !== undefined;
    const offer = {
      ...(isHttpLink(show.link) ? { url: show.link.trim() } : {}),
      ...(priced ? { price: show.price, priceCurrency: show.currency } : {}),
      ...(availability ? { availability } : {}),
    };
    return {
      '@type': 'ComedyEvent',
      name: show.title.trim() || settings.site_title,
      startDate: showStartIso(when, zone),
      ...(end ? { endDate: end } : {}),
      eventStatus: cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      ...(venue || address
        ? {
            location: {
              '@type': 'Place',
              name: venue || address,
              ...(address ? { address: { '@type': 'PostalAddress', streetAddress: address } } : {}),
            },
          }
        : {}),
      ...(show.description ? { description: show.description } : {}),
      ...(image ? { image: [image] } : {}),
      ...(performers.length > 0 ? { performer: performers.map((name) => ({ '@type': 'Person', name })) } : {}),
      ...(Object.keys(offer).length > 0 ? { offers: { '@type': 'Offer', ...offer } } : {}),
      url: `${baseUrl}/events`,
      organizer,
    };
  });
  const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': graph });
  return `<script type="application/ld+json">${json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}</script>`;
}

/** A show's calendar identity: the same while its title and venue stay (edits of anything else keep it). */
export function showUid(show: Pick<EventItem, 'title' | 'venue'>, host: string): string {
  return `${showCalendarKey(show)}@${host}`;
}

/**
 * Text as RFC 5545 allows it in a TEXT value: C0 controls other than the line feed (which the writer
 * escapes as \n), DEL, C1 controls and the Unicode line and paragraph separators become spaces (some
 * parsers drop a property that holds U+2028); a carriage return is dropped.
 */
export function calendarText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
    .trim();
}

/**
 * The calendar's own name (NAME, X-WR-CALNAME), which ical-generator writes as it is given, unlike
 * the events' text: one line, with RFC 5545's TEXT escapes. A site title holding a line break would
 * otherwise end the property and start lines of its own in every subscriber's calendar (a whole
 * VEVENT, found in a hostile-input probe).
 */
export function calendarName(value: string): string {
  return calendarText(value)
    .replace(/\n+/g, ' ')
    .replace(/[\\;,]/g, (c) => `\\${c}`);
}

/**
 * The calendar feed (RFC 5545, written by ical-generator): every readable upcoming show, UIDs stable
 * per title and venue, SEQUENCE = how many times its date or ticket link changed across the
 * published versions (`sequences` by show key, kept by the site settings projection). A show without
 * a time is an all-day event; a time is read in the site zone and written in UTC (every reader
 * agrees on the instant, and no VTIMEZONE of our own can go stale); a show without an end lasts two
 * hours. Lines end with CRLF, the last one too.
 */
export function eventsCalendar(settings: SettingsRecord, baseUrl: string, now: Date, sequences: ReadonlyMap<string, number>, stamp: Date): string {
  const host = new URL(baseUrl).hostname;
  const zone = settings.site_timezone;
  const calendar = ical({
    name: calendarName(`${settings.site_title} shows`),
    prodId: { company: 'Punchline', product: 'events', language: 'EN' },
    url: `${baseUrl}/events`,
    // How often subscribed calendar apps fetch the feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL: PT6H).
    ttl: 6 * 3600,
  });
  for (const { show, when } of datedUpcomingShows(settings, now)) {
    const key = showCalendarKey(show);
    const [y, m, d] = when.date.split('-').map(Number) as [number, number, number];
    const start = when.time ? zonedInstant(when.date, when.time, zone) : new Date(Date.UTC(y, m - 1, d));
    const end = when.end ? zonedInstant(when.end.date, when.end.time, zone) : new Date(start.getTime() + 2 * 3_600_000);
    const lines = [
      show.description ?? '',
      show.performers ? `With ${show.performers}` : '',
      show.price !== undefined && show.currency !== undefined ? `Price: ${show.price} ${show.currency}` : '',
      show.availability === 'sold_out' ? 'Sold out' : '',
      show.link.trim() ? `Tickets: ${show.link.trim()}` : '',
    ].filter(Boolean);
    const location = [show.venue.trim(), show.address?.trim() ?? ''].filter(Boolean).join(', ');
    calendar.createEvent({
      id: `${key}@${host}`,
      sequence: sequences.get(key) ?? 0,
      stamp,
      start,
      ...(when.time ? { end } : { allDay: true }),
      summary: calendarText(show.title.trim() || settings.site_title),
      ...(location ? { location: calendarText(location) } : {}),
      ...(isHttpLink(show.link) ? { url: show.link.trim() } : { url: `${baseUrl}/events` }),
      description: lines.length > 0 ? calendarText(lines.join('\n')) : undefined,
      status: show.availability === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  const text = calendar.toString().replace(/\r?\n/g, '\r\n');
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
