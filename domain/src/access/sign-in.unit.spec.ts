import type { EventMetadata } from '../events/envelope';
import type { AccessEvent } from './access-events';
import { type AllowlistState, evolveAllowlist, initialAllowlist } from './allowlist';
import { type SignInAttempt, decideSignIn, decideSignOut } from './sign-in';

const metadata: EventMetadata = { actorEmail: 'ann@example.com', correlationId: 'c-1', causationId: null, occurredAt: '2025-04-01T12:00:00.000Z' };
const meta = { eventId: 'e-1', metadata };
const allowlisted: AllowlistState = [
  { type: 'AllowlistChanged', data: { added: ['ann@example.com'], removed: [] } } as Pick<AccessEvent, 'type' | 'data'>,
].reduce(evolveAllowlist, initialAllowlist);
const attempt = (over: Partial<SignInAttempt>): SignInAttempt => ({
  email: 'Ann@Example.com',
  emailVerified: true,
  name: ' Ann ',
  picture: 'https://example.com/ann.png',
  method: 'google',
  envEmails: ['boss@example.com'],
  ...over,
});

describe('sign in', () => {
  it('allowed: a verified allowlisted email opens an admin session and records AdminSignedIn', () => {
    const decision = decideSignIn(allowlisted, attempt({}), meta);
    expect(decision.user).toEqual({ email: 'ann@example.com', name: 'Ann', picture: 'https://example.com/ann.png' });
    expect(decision.isAdmin).toBe(true);
    expect(decision.events).toEqual([{ eventId: 'e-1', type: 'AdminSignedIn', data: { email: 'ann@example.com', name: 'Ann', method: 'google' }, metadata }]);
  });

  it('allowed: ADMIN_EMAILS lets the first admin in with an empty editable list', () => {
    const decision = decideSignIn(initialAllowlist, attempt({ email: 'BOSS@example.com', method: 'development' }), meta);
    expect(decision.isAdmin).toBe(true);
    expect(decision.events.map((e) => e.data)).toEqual([{ email: 'boss@example.com', name: 'Ann', method: 'development' }]);
  });

  it('forbidden: an unverified email gets no session at all', () => {
    const decision = decideSignIn(allowlisted, attempt({ emailVerified: false }), meta);
    expect(decision.user).toBeNull();
    expect(decision.events).toEqual([
      { eventId: 'e-1', type: 'AdminSignInDenied', data: { email: 'ann@example.com', reason: 'email_not_verified', method: 'google' }, metadata },
    ]);
  });

  it('forbidden: no email from the provider gets no session', () => {
    const decision = decideSignIn(allowlisted, attempt({ email: null }), meta);
    expect(decision.user).toBeNull();
    expect(decision.events.map((e) => e.data)).toEqual([{ email: null, reason: 'email_missing', method: 'google' }]);
  });

  it('forbidden: a verified email outside the allowlist is signed in without admin rights', () => {
    const decision = decideSignIn(allowlisted, attempt({ email: 'eve@example.com', name: '', picture: null }), meta);
    expect(decision.user).toEqual({ email: 'eve@example.com', name: null, picture: null });
    expect(decision.isAdmin).toBe(false);
    expect(decision.events.map((e) => [e.type, e.data])).toEqual([['AdminSignInDenied', { email: 'eve@example.com', reason: 'not_allowlisted', method: 'google' }]]);
  });
});

describe('sign out', () => {
  it('allowed: records AdminSignedOut for the session user', () => {
    expect(decideSignOut('Ann@example.com', meta)).toEqual([{ eventId: 'e-1', type: 'AdminSignedOut', data: { email: 'ann@example.com' }, metadata }]);
  });

  it('no-op: a session without a user records nothing', () => {
    expect(decideSignOut(null, meta)).toEqual([]);
  });
});
