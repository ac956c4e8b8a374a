/** The session as GET /api/auth/me describes it (SPEC §3 "Session user", §7). */
export interface SessionUser {
  email: string;
  name: string | null;
  picture: string | null;
}

export interface SessionSnapshot {
  user: SessionUser | null;
  isAdmin: boolean;
  /** A read-only auditor (DESIGN §15): the admin shell shows Audit Log and Site history only. */
  isAuditor: boolean;
  /** Minutes without activity before the admin shell asks 'Are you still there?'. */
  sessionTimeoutMinutes: number;
}

export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;

export const SIGNED_OUT: SessionSnapshot = { user: null, isAdmin: false, isAuditor: false, sessionTimeoutMinutes: DEFAULT_SESSION_TIMEOUT_MINUTES };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Reads a /api/auth/me body; anything unexpected means signed out (SPEC §8: a failed auth check means signed out). */
export function sessionFrom(body: unknown): SessionSnapshot {
  if (typeof body !== 'object' || body === null) return SIGNED_OUT;
  const b = body as { user?: unknown; isAdmin?: unknown; isAuditor?: unknown; sessionTimeoutMinutes?: unknown };
  const u = typeof b.user === 'object' && b.user !== null ? (b.user as Record<string, unknown>) : null;
  const email = u ? str(u.email) : null;
  const minutes = typeof b.sessionTimeoutMinutes === 'number' && b.sessionTimeoutMinutes > 0 ? b.sessionTimeoutMinutes : DEFAULT_SESSION_TIMEOUT_MINUTES;
  if (!u || !email) return { ...SIGNED_OUT, sessionTimeoutMinutes: minutes };
  return { user: { email, name: str(u.name), picture: str(u.picture) }, isAdmin: b.isAdmin === true, isAuditor: b.isAdmin !== true && b.isAuditor === true, sessionTimeoutMinutes: minutes };
}

/** Whether two readings of /api/auth/me say the same (a re-check that changes nothing keeps the old one, and renders nothing). */
export function sameSession(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return (
    a.isAdmin === b.isAdmin &&
    a.isAuditor === b.isAuditor &&
    a.sessionTimeoutMinutes === b.sessionTimeoutMinutes &&
    a.user?.email === b.user?.email &&
    a.user?.name === b.user?.name &&
    a.user?.picture === b.user?.picture
  );
}

/** SPEC §4: logout lands on /admin from an admin path, otherwise on /. */
export function logoutDestination(pathname: string): '/admin' | '/' {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? '/admin' : '/';
}

/**
 * Where the sign-in button sends the browser; it comes back to `returnTo` (a same-origin path).
 * `chooseAccount` asks Google to offer another account (someone signed in with the wrong one).
 */
export function signInHref(returnTo: string, options: { chooseAccount?: boolean } = {}): string {
  return `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}${options.chooseAccount ? '&prompt=select_account' : ''}`;
}
