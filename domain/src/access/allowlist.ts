import { DomainError, assertNever } from '../errors/domain-error';
import type { AccessEvent } from './access-events';
import { ALLOWLIST_TEXTS, MAX_ALLOWLIST_ENTRIES, isValidEmail, normaliseEmail } from './email';

/** The editable part of the admin allowlist, folded from the access stream. */
export interface AllowlistState {
  editable: string[];
  /** The editable auditor list (DESIGN §15): read-only access to the log. */
  auditors: string[];
}

export const initialAllowlist: AllowlistState = { editable: [], auditors: [] };

function applyChange(list: string[], change: { added: string[]; removed: string[] }): string[] {
  const removed = new Set(change.removed);
  const kept = list.filter((email) => !removed.has(email));
  return [...kept, ...change.added.filter((email) => !kept.includes(email))];
}

export function evolveAllowlist(state: AllowlistState, event: Pick<AccessEvent, 'type' | 'data'>): AllowlistState {
  const e = event as AccessEvent;
  switch (e.type) {
    case 'AllowlistChanged':
      return { ...state, editable: applyChange(state.editable, e.data) };
    case 'AuditorsChanged':
      return { ...state, auditors: applyChange(state.auditors, e.data) };
    case 'AdminSignedIn':
    case 'AdminSignInDenied':
    case 'AdminSignedOut':
      return state;
    default:
      return assertNever(e, 'access event');
  }
}

export interface ChangeAllowlist {
  /** The whole editable list as the admin wants it (PUT semantics). */
  emails: string[];
  /** ADMIN_EMAILS, lower-cased: fixed, never part of the editable list. */
  envEmails: readonly string[];
  /** Lower-cased email of the admin asking. */
  actorEmail: string;
}

/**
 * Replaces the editable allowlist. Entries are trimmed and lower-cased; an invalid entry, a
 * repeated one or a new one already fixed in ADMIN_EMAILS is refused with the texts of SPEC §5.
 * An admin may not remove their own address unless ADMIN_EMAILS keeps them in (no self-lockout).
 */
export function decideChangeAllowlist(state: AllowlistState, command: ChangeAllowlist): AccessEvent[] {
  if (command.emails.length > MAX_ALLOWLIST_ENTRIES) throw new DomainError('INVALID_INPUT', ALLOWLIST_TEXTS.tooMany(MAX_ALLOWLIST_ENTRIES));
  const wanted: string[] = [];
  for (const raw of command.emails) {
    const email = normaliseEmail(raw);
    if (!isValidEmail(email)) throw new DomainError('INVALID_INPUT', ALLOWLIST_TEXTS.invalidEmail(email), { email });
    if (wanted.includes(email)) throw new DomainError('INVALID_INPUT', ALLOWLIST_TEXTS.alreadyAllowed, { email });
    wanted.push(email);
  }
  const added = wanted.filter((email) => !state.editable.includes(email));
  const removed = state.editable.filter((email) => !wanted.includes(email));
  const fixed = added.find((email) => command.envEmails.includes(email));
  if (fixed) throw new DomainError('INVALID_INPUT', ALLOWLIST_TEXTS.alreadyAllowed, { email: fixed });
  const actor = normaliseEmail(command.actorEmail);
  if (removed.includes(actor) && !command.envEmails.includes(actor)) {
    throw new DomainError('FORBIDDEN', ALLOWLIST_TEXTS.cannotRemoveSelf);
  }
  if (added.length === 0 && removed.length === 0) return [];
  return [{ type: 'AllowlistChanged', data: { added, removed } }];
}

/** The decision made on every request (SPEC §6): editable allowlist or ADMIN_EMAILS. */
export function isAdminEmail(state: AllowlistState, envEmails: readonly string[], email: string | null | undefined): boolean {
  if (!email) return false;
  const normalised = normaliseEmail(email);
  return envEmails.includes(normalised) || state.editable.includes(normalised);
}
