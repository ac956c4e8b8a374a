/**
 * The maintenance rule (SPEC §4): on when the manual flag is set, or when the schedule is enabled
 * and the current UTC time of day falls in the daily window [start, end). Start equal to end means
 * never; a window may cross midnight; unparseable times mean off. maintenance_timezone is stored
 * but deliberately not applied, as SPEC says. Draft views bypass maintenance; that is the caller's
 * decision, not this function's.
 */
import type { SettingsRecord } from './settings-record';

export const TIME_OF_DAY_MESSAGE = 'Enter a time as HH:MM (24-hour), for example 02:30.';

/** Minutes after midnight for 'H:MM' or 'HH:MM' (00:00–23:59), else null. */
export function parseTimeOfDay(input: unknown): number | null {
  if (typeof input !== 'string') return null;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(input.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:MM' with a leading zero, or '' when unparseable. */
export function normaliseTimeOfDay(input: unknown): string {
  const minutes = parseTimeOfDay(input);
  if (minutes === null) return '';
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface UtcTimeOfDay {
  hours: number;
  minutes: number;
}

export type MaintenanceSettings = Pick<
  SettingsRecord,
  'maintenance_enabled' | 'maintenance_schedule_enabled' | 'maintenance_daily_start' | 'maintenance_daily_end'
>;

/** Whether the public site shows the maintenance page at `nowUtc` (a Date read in UTC, or a UTC time of day). */
export function isMaintenanceActive(settings: MaintenanceSettings, nowUtc: Date | UtcTimeOfDay): boolean {
  if (settings.maintenance_enabled === true) return true;
  if (settings.maintenance_schedule_enabled !== true) return false;
  const start = parseTimeOfDay(settings.maintenance_daily_start);
  const end = parseTimeOfDay(settings.maintenance_daily_end);
  if (start === null || end === null || start === end) return false;
  const now = nowUtc instanceof Date ? nowUtc.getUTCHours() * 60 + nowUtc.getUTCMinutes() : nowUtc.hours * 60 + nowUtc.minutes;
  if (!Number.isFinite(now)) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** Plausible IANA zone name ('America/Chicago', 'UTC', 'Etc/GMT+6'); checked by shape, as the zone is never applied. */
export function isTimezoneName(input: unknown): input is string {
  return typeof input === 'string' && input.length <= 64 && /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+)*$/.test(input);
}

/**
 * A zone this runtime's time zone database knows (issue 31: the site zone is applied, so a name of
 * the right shape is not enough). Browsers and Node 20 carry full ICU.
 */
export function isKnownTimeZone(input: unknown): input is string {
  if (!isTimezoneName(input)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: input });
    return true;
  } catch {
    return false;
  }
}
