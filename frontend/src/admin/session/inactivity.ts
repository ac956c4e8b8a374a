/** SPEC §4 and §9: after the session timeout without activity, a 60 s countdown, then sign-out. */
export const INACTIVITY_COUNTDOWN_SECONDS = 60;

/** What counts as activity (SPEC §4: click, key, mouse move, scroll or touch). */
export const ACTIVITY_EVENTS = ['click', 'keydown', 'mousemove', 'scroll', 'wheel', 'touchstart'] as const;

export type InactivityPhase = { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

/**
 * Where an admin stands `now`, given the last activity. The countdown starts when the timeout has
 * passed and runs for 60 s; the dialog counts whole seconds down to 1 before expiry.
 */
export function inactivityPhase(now: number, lastActivity: number, timeoutMs: number, countdownSeconds = INACTIVITY_COUNTDOWN_SECONDS): InactivityPhase {
  const idle = now - lastActivity;
  if (idle < timeoutMs) return { phase: 'active' };
  const left = countdownSeconds * 1000 - (idle - timeoutMs);
  if (left <= 0) return { phase: 'expired' };
  return { phase: 'warning', secondsLeft: Math.ceil(left / 1000) };
}

/** Other tabs of the same admin count as activity too: they share the last moment through storage. */
export const LAST_ACTIVITY_STORAGE_KEY = 'punchline:last-activity';

export function sharedLastActivity(stored: string | null, local: number): number {
  const other = stored === null ? NaN : Number(stored);
  return Number.isFinite(other) ? Math.max(other, local) : local;
}
