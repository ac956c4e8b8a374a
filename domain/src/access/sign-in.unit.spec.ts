import { deciderSpecification } from '../test-support/decider-specification';
import { type AccessCommand, accessDecider } from './access.aggregate';
import type { AccessEvent } from './access-events';
import { type SignInAttempt, signInDecision } from './sign-in';

const given = deciderSpecification(accessDecider);
const allowlisted: AccessEvent = { type: 'AllowlistChanged', data: { added: ['ann@example.com'], removed: [] } };
const attempt = (over: Partial<SignInAttempt> = {}): SignInAttempt => ({
  email: 'Ann@Example.com',
  emailVerified: true,
  name: ' Ann ',
  picture: 'https://example.com/ann.png',
  method: 'google',
  envEmails: ['boss@example.com'],
  ...over,
});
const signIn = (over: Partial<SignInAttempt> = {}): AccessCommand => ({ type: 'RecordSignIn', data: attempt(over) });

describe('RecordSignIn', () => {
  it('allowed: a verified allowlisted email records AdminSignedIn and opens an admin session', () => {
    const signedIn: AccessEvent = { type: 'AdminSignedIn', data: { email: 'ann@example.com', name: 'Ann', method: 'google' } };
    given(allowlisted).when(signIn()).then([signedIn]);
    expect(signInDecision(attempt(), signedIn)).toEqual({ user: { email: 'ann@example.com', name: 'Ann', picture: 'https://example.com/ann.png' }, isAdmin: true, reason: null });
  });

  it('allowed: ADMIN_EMAILS lets the first admin in with an empty editable list', () => {
    given()
      .when(signIn({ email: 'BOSS@example.com', method: 'development' }))
      .then([{ type: 'AdminSignedIn', data: { email: 'boss@example.com', name: 'Ann', method: 'development' } }]);
  });

  it('forbidden: an unverified email is recorded as denied and gets no session at all', () => {
    const denied: AccessEvent = { type: 'AdminSignInDenied', data: { email: 'ann@example.com', reason: 'email_not_verified', method: 'google' } };
    given(allowlisted).when(signIn({ emailVerified: false })).then([denied]);
    expect(signInDecision(attempt({ emailVerified: false }), denied)).toEqual({ user: null, isAdmin: false, reason: 'email_not_verified' });
  });

  it('forbidden: no email from the provider gets no session', () => {
    const denied: AccessEvent = { type: 'AdminSignInDenied', data: { email: null, reason: 'email_missing', method: 'google' } };
    given(allowlisted).when(signIn({ email: null })).then([denied]);
    expect(signInDecision(attempt({ email: null }), denied).user).toBeNull();
  });

  it('forbidden: a verified email outside the allowlist is signed in without admin rights', () => {
    const denied: AccessEvent = { type: 'AdminSignInDenied', data: { email: 'eve@example.com', reason: 'not_allowlisted', method: 'google' } };
    given(allowlisted).when(signIn({ email: 'eve@example.com', name: '', picture: null })).then([denied]);
    expect(signInDecision(attempt({ email: 'eve@example.com', name: '', picture: null }), denied)).toEqual({
      user: { email: 'eve@example.com', name: null, picture: null },
      isAdmin: false,
      reason: 'not_allowlisted',
    });
  });
});

describe('RecordSignOut', () => {
  it('allowed: records AdminSignedOut for the session user', () => {
    given().when({ type: 'RecordSignOut', data: { sessionEmail: 'Ann@example.com' } }).then([{ type: 'AdminSignedOut', data: { email: 'ann@example.com' } }]);
  });

  it('no-op: a session without a user records nothing', () => {
    given().when({ type: 'RecordSignOut', data: { sessionEmail: null } }).thenNothing();
  });
});

describe('RecordRepeatedSignInDenials', () => {
  const repeated = (count: number): AccessCommand => ({
    type: 'RecordRepeatedSignInDenials',
    data: { email: 'Mallory@Example.com', reason: 'not_allowlisted', method: 'development', repeats: { count, windowMinutes: 10 } },
  });

  it('allowed: records one AdminSignInDenied carrying the count and the window', () => {
    given()
      .when(repeated(299))
      .then([{ type: 'AdminSignInDenied', data: { email: 'mallory@example.com', reason: 'not_allowlisted', method: 'development', repeated: { count: 299, windowMinutes: 10 } } }]);
  });

  it('no-op: no repeats in the window records nothing', () => {
    given().when(repeated(0)).thenNothing();
  });
});
