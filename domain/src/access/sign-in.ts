import type { EventMetadata } from '../events/envelope';
import type { AccessEvent, SignInDeniedReason, SignInMethod } from './access-events';
import { type AllowlistState, isAdminEmail } from './allowlist';
import { isValidEmail, normaliseEmail } from './email';

export interface SignInAttempt {
  /** As the identity provider gave it; null when it gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  method: SignInMethod;
  envEmails: readonly string[];
}

export interface SignInDecision {
  /** The session user to store, or null when no session may be opened. */
  user: { email: string; name: string | null; picture: string | null } | null;
  isAdmin: boolean;
  reason: SignInDeniedReason | null;
  events: AccessEvent[];
}

/**
 * Only a verified email may open a session. A verified account outside the allowlist still gets a
 * (non-admin) session: the gate then tells them that admin sign-in is required (SPEC §6).
 */
export function decideSignIn(state: AllowlistState, attempt: SignInAttempt, meta: { eventId: string; metadata: EventMetadata }): SignInDecision {
  const email = attempt.email ? normaliseEmail(attempt.email) : null;
  const deny = (reason: SignInDeniedReason, user: SignInDecision['user']): SignInDecision => ({
    user,
    isAdmin: false,
    reason,
    events: [{ eventId: meta.eventId, type: 'AdminSignInDenied', data: { email, reason, method: attempt.method }, metadata: meta.metadata }],
  });
  if (!email || !isValidEmail(email)) return deny('email_missing', null);
  if (!attempt.emailVerified) return deny('email_not_verified', null);
  const user = { email, name: attempt.name?.trim() || null, picture: attempt.picture || null };
  if (!isAdminEmail(state, attempt.envEmails, email)) return deny('not_allowlisted', user);
  return {
    user,
    isAdmin: true,
    reason: null,
    events: [{ eventId: meta.eventId, type: 'AdminSignedIn', data: { email, name: user.name, method: attempt.method }, metadata: meta.metadata }],
  };
}

/** Signing out of a session that has no user is a no-op: there is nobody to record. */
export function decideSignOut(sessionEmail: string | null, meta: { eventId: string; metadata: EventMetadata }): AccessEvent[] {
  if (!sessionEmail) return [];
  return [{ eventId: meta.eventId, type: 'AdminSignedOut', data: { email: normaliseEmail(sessionEmail) }, metadata: meta.metadata }];
}
