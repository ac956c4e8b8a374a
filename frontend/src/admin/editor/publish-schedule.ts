/**
 * Scheduled publishing as the Publish dialog and the editor header show it (issue 14): a time the
 * admin picks in their own time zone, sent and stored as a UTC instant, shown in the admin's zone
 * with the zone named once (issue 25).
 */
import { EDITOR_TEXTS } from './editor-texts';
import type { PublishChoice } from './draft-editor';

export type PublishTiming = { kind: 'now' } | { kind: 'scheduled'; local: string };

/** The admin's time zone as the browser reports it (e.g. 'Europe/Berlin'). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
}

/** A `datetime-local` value ('2031-06-12T18:00') read in the browser's zone, as an ISO instant; null when empty or unreadable. */
export function instantFromLocalInput(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** '2031-06-12 16:00 UTC': the instant the server stores, next to the admin's local reading. */
export function utcText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The admin's local reading of an instant, with the weekday: people schedule for "Friday 6 pm". */
export function localText(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A `datetime-local` value for an instant (the input's `min`, and a sensible first value: the next full hour). */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function nextFullHour(now: Date): Date {
  const next = new Date(now.getTime());
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

/** What is wrong with the chosen time, or null; the server judges again (and says so) on submit. */
export function scheduleTimeError(timing: PublishTiming, now: Date): string | null {
  if (timing.kind === 'now') return null;
  const at = instantFromLocalInput(timing.local);
  if (at === null) return EDITOR_TEXTS.scheduleTimeRequired;
  return Date.parse(at) <= now.getTime() ? EDITOR_TEXTS.scheduleTimeInPast : null;
}

/**
 * One moment, named once (issue 25): the admin's local reading with the weekday, and the zone it is
 * in, e.g. 'Fri, 12 Jun 2031, 18:00 (Europe/Berlin)'. The UTC instant stays in the markup
 * (`<time dateTime>`) for machines.
 */
export function momentText(iso: string, locale?: string): string {
  return `${localText(iso, locale)} (${localTimeZone()})`;
}

/** The success notice names what will go live and when. */
export function scheduledNoticeText(choice: PublishChoice, at: string): string {
  const what = choice.kind === 'snapshot' ? `snapshot '${choice.name}'` : 'the current draft (saved as a snapshot)';
  return `Scheduled ${what} to go live on ${momentText(at)}.`;
}
