import { DomainError } from '../errors/domain-error';
import type { EventMetadata } from '../events/envelope';
import type { AccessEvent } from './access-events';
import { type AllowlistState, decideChangeAllowlist, evolveAllowlist, initialAllowlist, isAdminEmail } from './allowlist';
import { allowlistEntryProblem } from './email';

const metadata: EventMetadata = { actorEmail: 'boss@example.com', correlationId: 'c-1', causationId: null, occurredAt: '2025-04-01T12:00:00.000Z' };
const meta = { eventId: 'e-1', metadata };
const env = ['boss@example.com'];

function given(...events: AccessEvent[]): AllowlistState {
  return events.reduce(evolveAllowlist, initialAllowlist);
}
function changed(added: string[], removed: string[]): AccessEvent {
  return { eventId: `e-${added.join()}-${removed.join()}`, type: 'AllowlistChanged', data: { added, removed }, metadata };
}
function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('change allowlist', () => {
  it('allowed: records who was added and who was removed, normalising entries', () => {
    const state = given(changed(['ann@example.com', 'bob@example.com'], []));
    const events = decideChangeAllowlist(state, { emails: ['  Bob@Example.com ', 'cat@example.com'], envEmails: env, actorEmail: 'boss@example.com' }, meta);
    expect(events).toEqual([{ eventId: 'e-1', type: 'AllowlistChanged', data: { added: ['cat@example.com'], removed: ['ann@example.com'] }, metadata }]);
    expect(events.reduce(evolveAllowlist, state).editable).toEqual(['bob@example.com', 'cat@example.com']);
  });

  it('no-op: the same list in another order and case changes nothing', () => {
    const state = given(changed(['ann@example.com', 'bob@example.com'], []));
    expect(decideChangeAllowlist(state, { emails: ['BOB@example.com', 'ann@example.com'], envEmails: env, actorEmail: 'boss@example.com' }, meta)).toEqual([]);
  });

  it('forbidden: an entry without @ is refused with the SPEC §5 text', () => {
    const error = refusal(() => decideChangeAllowlist(initialAllowlist, { emails: ['ann@example.com', ' Not-An-Email '], envEmails: env, actorEmail: 'boss@example.com' }, meta));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe('Enter a valid email address (not-an-email).');
  });

  it('forbidden: a repeated entry or one fixed in ADMIN_EMAILS is already allowed', () => {
    const repeated = refusal(() => decideChangeAllowlist(initialAllowlist, { emails: ['ann@example.com', 'ANN@example.com'], envEmails: env, actorEmail: 'boss@example.com' }, meta));
    expect(repeated.message).toBe('That email address is already allowed.');
    const fixed = refusal(() => decideChangeAllowlist(initialAllowlist, { emails: ['Boss@example.com'], envEmails: env, actorEmail: 'ann@example.com' }, meta));
    expect(fixed.message).toBe('That email address is already allowed.');
  });

  it('forbidden: an admin cannot remove their own address unless ADMIN_EMAILS keeps them in', () => {
    const state = given(changed(['ann@example.com', 'boss@example.com'], []));
    const error = refusal(() => decideChangeAllowlist(state, { emails: ['boss@example.com'], envEmails: [], actorEmail: 'Ann@example.com' }, meta));
    expect(error.code).toBe('FORBIDDEN');
    const events = decideChangeAllowlist(state, { emails: ['ann@example.com'], envEmails: env, actorEmail: 'boss@example.com' }, meta);
    expect(events.map((e) => e.data)).toEqual([{ added: [], removed: ['boss@example.com'] }]);
  });

  it('keeps an address that was editable before it also appeared in ADMIN_EMAILS', () => {
    const state = given(changed(['boss@example.com'], []));
    expect(decideChangeAllowlist(state, { emails: ['boss@example.com', 'ann@example.com'], envEmails: env, actorEmail: 'boss@example.com' }, meta).map((e) => e.data)).toEqual([
      { added: ['ann@example.com'], removed: [] },
    ]);
  });
});

describe('isAdminEmail', () => {
  it('accepts the editable list and ADMIN_EMAILS case-insensitively, and nobody else', () => {
    const state = given(changed(['ann@example.com'], []));
    expect(isAdminEmail(state, env, 'ANN@example.com ')).toBe(true);
    expect(isAdminEmail(state, env, 'boss@example.com')).toBe(true);
    expect(isAdminEmail(state, env, 'eve@example.com')).toBe(false);
    expect(isAdminEmail(given(changed(['ann@example.com'], []), changed([], ['ann@example.com'])), env, 'ann@example.com')).toBe(false);
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
