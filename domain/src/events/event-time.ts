import type { RecordedEvent } from './envelope';

/** What Date#toISOString writes, with a month of 01–12 and a day of 01–31 (the day checked against its month below). */
const ISO_INSTANT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `text` is already what toISOString writes for the instant it names: its form, and a day its month has. */
function isIsoInstant(text: string): boolean {
  if (!ISO_INSTANT.test(text)) return false;
  const day = Number(text.slice(8, 10));
  if (day <= 28) return true;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

function isDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * An instant as toISOString writes it ('2026-10-13T15:11:18.276Z'), or null where `text` names
 * none. Text already in that form (every time this app writes) is answered as it is, not parsed and
 * written again: a restore meets three such times an event, a million events (issue 29).
 */
export function isoInstant(text: string): string | null {
  if (isIsoInstant(text)) return text;
  // PostgreSQL keeps microseconds ('…:54.758000Z', an archive's recorded_at): Date would read the
  // first three digits and write the same instant back; a restore meets one such time an event.
  if (text.length === 27 && text.charCodeAt(26) === 90 && isDigits(text, 23, 26)) {
    const milliseconds = `${text.slice(0, 23)}Z`;
    if (isIsoInstant(milliseconds)) return milliseconds;
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * When the command behind an event happened: its metadata's occurredAt, as an ISO instant. An
 * unparsable value falls back to the recording time, so one odd event cannot stall a projector on
 * a cast error.
 */
export function occurredAtOf(event: RecordedEvent): string {
  return isoInstant(event.metadata?.occurredAt ?? '') ?? event.recordedAt;
}
