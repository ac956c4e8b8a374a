import { deciderSpecification } from '../test-support/decider-specification';
import { type AccessCommand, accessDecider } from './access.aggregate';
import type { AccessEvent } from './access-events';
import { evolveAllowlist, initialAllowlist, isAdminEmail } from './allowlist';
import { allowlistEntryProblem } from './email';

const given = deciderSpecification(accessDecider);
const env = ['boss@example.com'];

const changed = (added: string[], removed: string[]): AccessEvent => ({ type: 'AllowlistChanged', data: { added, removed } });
const change = (emails: string[], actorEmail = 'boss@example.com', envEmails = env): AccessCommand => ({ type: 'ChangeAllowlist', data: { emails, envEmails, actorEmail } });

describe('ChangeAllowlist', () => {
  it('allowed: records who was added and who was removed, normalising entries', () => {
    given(changed(['ann@example.com', 'bob@example.com'], []))
      .when(change(['  Bob@Example.com ', 'cat@example.com']))
      .then([changed(['cat@example.com'], ['ann@example.com'])]);
    const state = [changed(['ann@example.com', 'bob@example.com'], []), changed(['cat@example.com'], ['ann@example.com'])].reduce(evolveAllowlist, initialAllowlist);
    expect(state.editable).toEqual(['bob@example.com', 'cat@example.com']);
  });

  it('no-op: the same list in another order and case changes nothing', () => {
    given(changed(['ann@example.com', 'bob@example.com'], [])).when(change(['BOB@example.com', 'ann@example.com'])).thenNothing();
  });

  it('forbidden: an entry without @ is refused with the SPEC §5 text', () => {
    given().when(change(['ann@example.com', ' Not-An-Email '])).thenFails('INVALID_INPUT', 'Enter a valid email address (not-an-email).');
  });

  it('forbidden: an address holding a direction override or an invisible character (it shows as another address)', () => {
    given().when(change(['\u202emoc.elpmaxe@lave'])).thenFails('INVALID_INPUT', 'Enter a valid email address (\u202emoc.elpmaxe@lave).');
    expect(allowlistEntryProblem('ada\u200b@example.com', [], [])).toBe('Enter a valid email address (ada\u200b@example.com).');
  });

  it('forbidden: a repeated entry or one fixed in ADMIN_EMAILS is already allowed', () => {
    given().when(change(['ann@example.com', 'ANN@example.com'])).thenFails('INVALID_INPUT', 'That email address is already allowed.');
    given().when(change(['Boss@example.com'], 'ann@example.com')).thenFails('INVALID_INPUT', 'That email address is already allowed.');
  });

  it('forbidden: an admin cannot remove their own address unless ADMIN_EMAILS keeps them in', () => {
    given(changed(['ann@example.com', 'boss@example.com'], [])).when(change(['boss@example.com'], 'Ann@example.com', [])).thenFails('FORBIDDEN');
    given(changed(['ann@example.com', 'boss@example.com'], [])).when(change(['ann@example.com'])).then([changed([], ['boss@example.com'])]);
  });

  it('keeps an address that was editable before it also appeared in ADMIN_EMAILS', () => {
    given(changed(['boss@example.com'], [])).when(change(['boss@example.com', 'ann@example.com'])).then([changed(['ann@example.com'], [])]);
  });
});

describe('isAdminEmail', () => {
  it('accepts the editable list and ADMIN_EMAILS case-insensitively, and nobody else', () => {
    const state = [changed(['ann@example.com'], [])].reduce(evolveAllowlist, initialAllowlist);
    expect(isAdminEmail(state, env, 'ANN@example.com ')).toBe(true);
    expect(isAdminEmail(state, env, 'boss@example.com')).toBe(true);
    expect(isAdminEmail(state, env, 'eve@example.com')).toBe(false);
    expect(isAdminEmail(evolveAllowlist(state, changed([], ['ann@example.com'])), env, 'ann@example.com')).toBe(false);
    expect(isAdminEmail(state, env, null)).toBe(false);
  });
});

describe('allowlistEntryProblem (the panel’s instant check)', () => {
  it('names the entry when it is not an email, and refuses entries already allowed', () => {
    expect(allowlistEntryProblem('  Hello ', [], [])).toBe('Enter a valid email address (hello).');
    expect(allowlistEntryProblem('ANN@example.com', ['ann@example.com'], [])).toBe('That email address is already allowed.');
    expect(allowlistEntryProblem('boss@example.com', [], env)).toBe('That email address is already allowed.');
    expect(allowlistEntryProblem('new@example.com', ['ann@example.com'], env)).toBeNull();
  });
});
