import { parseTimeOfDay, type MaintenanceSettings } from '@punchline/domain';

/** Without a schedule nobody knows when manual maintenance ends: ask clients to come back in five minutes. */
export const MANUAL_MAINTENANCE_RETRY_SECONDS = 300;

/**
 * Retry-After for a 503 maintenance answer: the seconds until the daily window ends when the
 * schedule is what put the site in maintenance (UTC, as the rule itself), else five minutes.
 */
export function maintenanceRetryAfterSeconds(settings: MaintenanceSettings, now: Date): number {
  if (settings.maintenance_enabled || !settings.maintenance_schedule_enabled) return MANUAL_MAINTENANCE_RETRY_SECONDS;
  const end = parseTimeOfDay(settings.maintenance_daily_end);
  if (end === null) return MANUAL_MAINTENANCE_RETRY_SECONDS;
  const nowSeconds = now.getUTCHours() * 3600 + now.getUTCMinutes() * 60 + now.getUTCSeconds();
  const untilEnd = (end * 60 - nowSeconds + 86_400) % 86_400;
  return Math.max(60, untilEnd);
}
