import { deciderSpecification } from '../test-support/decider-specification';
import { type AccessCommand, accessDecider } from './access.aggregate';
import type { AccessEvent } from './access-events';
import { evolveAllowlist, initialAllowlist } from './allowlist';
import { isAuditorEmail } from './auditors';
import { decideSignIn, signInDecision, type SignInAttempt } from './sign-in';

const given = deciderSpecification(accessDecider);
const envAuditors = ['fixed.auditor@example.com'];
const auditorsChanged = (added: string[], removed: string[]): AccessEvent => ({ type: 'AuditorsChanged', data: { added, removed } });
const change = (emails: string[]): AccessCommand => ({ type: 'ChangeAuditors', data: { emails, envAuditorEmails: envAuditors } });

describe('ChangeAuditors (DESIGN §15)', () => {
  it('allowed: records who was added and removed, normalised', () => {
    given(auditorsChanged(['ann@example.com'], []))
      .when(change([' Otto@Example.com ']))
      .then([auditorsChanged(['otto@example.com'], ['ann@example.com'])]);
    const state = [auditorsChanged(['ann@example.com'], []), auditorsChanged(['otto@example.com'], ['ann@example.com'])].reduce(evolveAllowlist, initialAllowlist);
    expect(state).toEqual({ editable: [], auditors: ['otto@example.com'] });
  });

  it('no-op: the same list in another order and case', () => {
    given(auditorsChanged(['ann@example.com', 'otto@example.com'], [])).when(change(['OTTO@example.com', 'ann@example.com'])).thenNothing();
  });

  it('forbidden: an invalid, repeated or fixed address', () => {
    given().when(change(['nope'])).thenFails('INVALID_INPUT', 'Enter a valid email address (nope).');
    given().when(change(['a@example.com', 'A@example.com'])).thenFails('INVALID_INPUT', 'That email address is already an auditor.');
    given().when(change(['Fixed.Auditor@example.com'])).thenFails('INVALID_INPUT', 'That email address is already an auditor.');
  });
});

describe('an auditor signing in', () => {
  const attempt = (email: string): SignInAttempt => ({ email, emailVerified: true, name: 'Otto', picture: null, method: 'development', envEmails: ['boss@example.com'], envAuditorEmails: envAuditors });
  const state = [auditorsChanged(['otto@example.com'], [])].reduce(evolveAllowlist, initialAllowlist);

  it('is recorded as a sign-in with the auditor role, and may enter without being an admin', () => {
    const events = decideSignIn(state, attempt('Otto@example.com'));
    expect(events).toEqual([{ type: 'AdminSignedIn', data: { email: 'otto@example.com', name: 'Otto', method: 'development', role: 'auditor' } }]);
    expect(signInDecision(attempt('otto@example.com'), events[0]!)).toMatchObject({ isAdmin: false, isAuditor: true });
    expect(isAuditorEmail(state, envAuditors, 'FIXED.auditor@example.com')).toBe(true);
  });

  it('an admin stays an admin even when also listed as an auditor; others are still refused', () => {
    expect(decideSignIn(state, attempt('boss@example.com'))[0]).toEqual({ type: 'AdminSignedIn', data: { email: 'boss@example.com', name: 'Otto', method: 'development' } });
    expect(decideSignIn(state, attempt('stranger@example.com'))[0]).toMatchObject({ type: 'AdminSignInDenied', data: { reason: 'not_allowlisted' } });
  });
});
