/**
 * Reading the free-text date of a show (SPEC §3 keeps dates as text: 'June 12, 2031', 'TBA') for
 * structured data, the calendar feed and the 'date has passed' nudge (issue 14). Never a guess: a
 * text without a certain day, month and year ('TBA', 'Spring', 'June 12'), or a numeric date that
 * reads two ways ('06/07/2031'), is not a date. The time, when given, is kept as written (the venue's
 * local time: no zone is known, so none is invented).
 */
import * as chrono from 'chrono-node';

export interface ShowDate {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (24 h) when the text gives a time, else null. */
  time: string | null;
}

const AMBIGUOUS_NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function readShowDate(text: string, reference: Date): ShowDate | null {
  if (typeof text !== 'string' || text.trim() === '' || text.length > 200) return null;
  const [result] = chrono.strict.parse(text, reference);
  if (!result) return null;
  const start = result.start;
  if (!start.isCertain('year') || !start.isCertain('month') || !start.isCertain('day')) return null;
  const numeric = AMBIGUOUS_NUMERIC.exec(result.text.trim());
  if (numeric && Number(numeric[1]) <= 12 && Number(numeric[2]) <= 12 && numeric[1] !== numeric[2]) return null;
  const year = start.get('year')!;
  const month = start.get('month')!;
  const day = start.get('day')!;
  const time = start.isCertain('hour') ? `${pad(start.get('hour')!)}:${pad(start.get('minute') ?? 0)}` : null;
  return { date: `${year}-${pad(month)}-${pad(day)}`, time };
}

/** Whether the show is over at `now`: after its time, or after its day when no time is given (both read as UTC). */
export function showHasPassed(show: ShowDate, now: Date): boolean {
  const end = show.time ? Date.parse(`${show.date}T${show.time}:00Z`) : Date.parse(`${show.date}T23:59:59Z`);
  return end < now.getTime();
}

/** ISO 8601 for schema.org startDate: the date, or date and local time when known. */
export function showStartIso(show: ShowDate): string {
  return show.time ? `${show.date}T${show.time}` : show.date;
}
