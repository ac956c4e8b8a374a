import { assertNever } from '../errors/domain-error';
import type { AccessEvent, SignInDeniedReason, SignInMethod } from './access-events';
import { type AllowlistState, isAdminEmail } from './allowlist';
import { isValidEmail, normaliseEmail } from './email';
import { isAuditorEmail } from './auditors';

export interface SignInAttempt {
  /** As the identity provider gave it; null when it gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  method: SignInMethod;
  envEmails: readonly string[];
  /** AUDITOR_EMAILS, lower-cased (absent: none). */
  envAuditorEmails?: readonly string[];
}

export interface SignInDecision {
  /** The session user to store, or null when no session may be opened. */
  user: { email: string; name: string | null; picture: string | null } | null;
  isAdmin: boolean;
  /** A read-only auditor (DESIGN §15): enters the admin shell, sees the log only. */
  isAuditor?: boolean;
  reason: SignInDeniedReason | null;
}

/**
 * Only a verified email may open a session. A verified account outside the allowlist still gets a
 * (non-admin) session: the gate then tells them that admin sign-in is required (SPEC §6). Every
 * attempt is recorded, allowed or not.
 */
export function decideSignIn(state: AllowlistState, attempt: SignInAttempt): AccessEvent[] {
  const email = attempt.email ? normaliseEmail(attempt.email) : null;
  const denied = (reason: SignInDeniedReason): AccessEvent[] => [{ type: 'AdminSignInDenied', data: { email, reason, method: attempt.method } }];
  if (!email || !isValidEmail(email)) return denied('email_missing');
  if (!attempt.emailVerified) return denied('email_not_verified');
  if (isAdminEmail(state, attempt.envEmails, email)) return [{ type: 'AdminSignedIn', data: { email, name: sessionName(attempt), method: attempt.method } }];
  if (isAuditorEmail(state, attempt.envAuditorEmails ?? [], email)) {
    return [{ type: 'AdminSignedIn', data: { email, name: sessionName(attempt), method: attempt.method, role: 'auditor' } }];
  }
  return denied('not_allowlisted');
}

/** What the recorded sign-in event means for the session: who to store, admin or not, and why not. */
export function signInDecision(attempt: SignInAttempt, event: AccessEvent): SignInDecision {
  const email = attempt.email ? normaliseEmail(attempt.email) : '';
  const user = { email, name: sessionName(attempt), picture: attempt.picture || null };
  switch (event.type) {
    case 'AdminSignedIn':
      return event.data.role === 'auditor' ? { user, isAdmin: false, isAuditor: true, reason: null } : { user, isAdmin: true, reason: null };
    case 'AdminSignInDenied':
      return { user: event.data.reason === 'not_allowlisted' ? user : null, isAdmin: false, reason: event.data.reason };
    case 'AllowlistChanged':
    case 'AuditorsChanged':
    case 'AdminSignedOut':
      throw new Error(`${event.type} is not a sign-in outcome`);
    default:
      return assertNever(event, 'access event');
  }
}

function sessionName(attempt: SignInAttempt): string | null {
  return attempt.name?.trim() || null;
}

/** Signing out of a session that has no user is a no-op: there is nobody to record. */
export function decideSignOut(sessionEmail: string | null): AccessEvent[] {
  if (!sessionEmail) return [];
  return [{ type: 'AdminSignedOut', data: { email: normaliseEmail(sessionEmail) } }];
}
