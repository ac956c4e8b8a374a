/**
 * Reading the free-text date of a show (SPEC §3 keeps dates as text: 'June 12, 2031', 'TBA') for
 * structured data, the calendar feed and the 'date has passed' nudge (issue 14). Never a guess: a
 * text without a certain day, month and year ('TBA', 'Spring', 'June 12'), a numeric date that
 * reads two ways ('06/07/2031'), or a weekday that contradicts the date ('Friday, March 13, 2027'
 * is a Saturday) is not a date. A time is the site's local time (`site_timezone`, issue 31): the
 * functions below turn it into an instant with the zone's offset on that day (Intl; no zone data of
 * our own).
 */
import * as chrono from 'chrono-node';

export interface ShowDate {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (24 h) when the text gives a time, else null. */
  time: string | null;
  /** When the text gives an end time ('8pm–10:30pm'): its day (the next one when it passes midnight) and time. */
  end?: { date: string; time: string };
}

/** Why a show's date text is not used by the feed and structured data (null when it is, or is blank). */
export type ShowDateProblem = { kind: 'unreadable' } | { kind: 'weekday'; written: string; actual: string; date: string };

const AMBIGUOUS_NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}$/;
const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

type Reading = { ok: ShowDate } | { problem: ShowDateProblem };

function read(text: string, reference: Date): Reading {
  const unreadable = { problem: { kind: 'unreadable' } } as const;
  if (typeof text !== 'string' || text.trim() === '' || text.length > 200) return unreadable;
  const [result] = chrono.strict.parse(text, reference);
  if (!result) return unreadable;
  const start = result.start;
  if (!start.isCertain('year') || !start.isCertain('month') || !start.isCertain('day')) return unreadable;
  const numeric = AMBIGUOUS_NUMERIC.exec(result.text.trim());
  if (numeric && Number(numeric[1]) <= 12 && Number(numeric[2]) <= 12 && numeric[1] !== numeric[2]) return unreadable;
  const year = start.get('year')!;
  const month = start.get('month')!;
  const day = start.get('day')!;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  const actual = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (start.isCertain('weekday') && start.get('weekday') !== actual) {
    return { problem: { kind: 'weekday', written: WEEKDAYS[start.get('weekday')!] ?? '', actual: WEEKDAYS[actual]!, date } };
  }
  const time = start.isCertain('hour') ? `${pad(start.get('hour')!)}:${pad(start.get('minute') ?? 0)}` : null;
  const show: ShowDate = { date, time };
  const end = result.end;
  if (time && end?.isCertain('hour')) {
    const endTime = `${pad(end.get('hour')!)}:${pad(end.get('minute') ?? 0)}`;
    // '10pm – 1am' ends the next day.
    show.end = { date: endTime > time ? date : addDays(date, 1), time: endTime };
  }
  return { ok: show };
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function readShowDate(text: string, reference: Date): ShowDate | null {
  const reading = read(text, reference);
  return 'ok' in reading ? reading.ok : null;
}

/** What the editor says beside a date (issue 31): null for a usable or blank date. */
export function showDateProblem(text: string, reference: Date): ShowDateProblem | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const reading = read(text, reference);
  return 'problem' in reading ? reading.problem : null;
}

/** The editor's words for a problem: what is wrong, and what follows from it. */
export function describeShowDateProblem(problem: ShowDateProblem): string {
  switch (problem.kind) {
    case 'unreadable':
      return 'This date cannot be read (it needs a day, month and year, such as March 13, 2027 8pm), so the show is left out of the calendar feed and search results.';
    case 'weekday':
      return `${problem.date} is a ${problem.actual}, not a ${problem.written}: correct the weekday or the date. Until then the show is left out of the calendar feed and search results.`;
    default: {
      const _exhaustive: never = problem;
      return _exhaustive;
    }
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes (east positive), from Intl's 'longOffset' ('GMT-05:00'). */
export function zoneOffsetMinutes(zone: string, instant: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset', year: 'numeric' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant of a local date and time in a zone. A time skipped by a spring-forward change reads
 * with the offset before the change (02:30 becomes 03:30 summer time); a repeated autumn time is
 * the first of the two.
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const before = zoneOffsetMinutes(zone, wall - 86_400_000);
  const first = wall - before * 60_000;
  const after = zoneOffsetMinutes(zone, first);
  if (after === before) return new Date(first);
  const second = wall - after * 60_000;
  // The wall time exists with the later offset (after the change): use it; else it was skipped.
  return zoneOffsetMinutes(zone, second) === after ? new Date(second) : new Date(first);
}

function offsetSuffix(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 local time with the zone's offset on that day: '2027-03-13T20:00:00-06:00'. */
export function zonedIso(date: string, time: string, zone: string): string {
  const instant = zonedInstant(date, time, zone).getTime();
  const offset = zoneOffsetMinutes(zone, instant);
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetSuffix(offset)}`;
}

/**
 * Whether the show is over at `now`: after its start (its end when given), or after its day when no
 * time is given; read in `zone` (UTC when none is passed, as before issue 31).
 */
export function showHasPassed(show: ShowDate, now: Date, zone = 'UTC'): boolean {
  const end = show.end
    ? zonedInstant(show.end.date, show.end.time, zone).getTime()
    : show.time
      ? zonedInstant(show.date, show.time, zone).getTime()
      : zonedInstant(addDays(show.date, 1), '00:00', zone).getTime() - 1000;
  return end < now.getTime();
}

/** ISO 8601 for schema.org startDate: the date, or the local time with the zone's offset when a zone is given. */
export function showStartIso(show: ShowDate, zone?: string): string {
  if (!show.time) return show.date;
  return zone ? zonedIso(show.date, show.time, zone) : `${show.date}T${show.time}`;
}

/** schema.org endDate when the text gives an end, else null. */
export function showEndIso(show: ShowDate, zone: string): string | null {
  return show.end ? zonedIso(show.end.date, show.end.time, zone) : null;
}

/** What the public events page shows beside a date it could read (issue 31), computed on the server. */
export interface ShowTime {
  /** For <time datetime>: the day, or the local time with the zone's offset. */
  dateTime: string;
  /** The zone's short name at that time ('CDT', 'GMT+2') when the text gives a time, else null. */
  zoneName: string | null;
}

export function showTimeOf(show: ShowDate, zone: string): ShowTime {
  if (!show.time) return { dateTime: show.date, zoneName: null };
  const instant = zonedInstant(show.date, show.time, zone);
  const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? null;
  return { dateTime: zonedIso(show.date, show.time, zone), zoneName };
}
