import { DomainError } from '../errors/domain-error';
import type { AccessEvent } from './access-events';
import type { AllowlistState } from './allowlist';
import { MAX_ALLOWLIST_ENTRIES, isValidEmail, normaliseEmail } from './email';

/** Texts of the Auditors panel (DESIGN §15); the server enforces them, the panel shows them. */
export const AUDITOR_TEXTS = {
  invalidEmail: (entry: string) => `Enter a valid email address (${entry}).`,
  alreadyListed: 'That email address is already an auditor.',
  tooMany: (max: number) => `The auditor list can hold at most ${max} addresses.`,
  saved: 'Auditors updated successfully.',
  loadFailed: 'Failed to load auditors',
  saveFailed: 'Failed to save changes.',
} as const;

export interface ChangeAuditors {
  /** The whole editable auditor list as the admin wants it (PUT semantics). */
  emails: string[];
  /** AUDITOR_EMAILS, lower-cased: fixed, never part of the editable list. */
  envAuditorEmails: readonly string[];
}

/**
 * Replaces the editable auditor list (read-only access to the log, DESIGN §15). Same rules as the
 * allowlist: trimmed, lower-cased, valid, not repeated, not already fixed in AUDITOR_EMAILS. No
 * change is no event; the handler still answers with the lists.
 */
export function decideChangeAuditors(state: AllowlistState, command: ChangeAuditors): AccessEvent[] {
  if (command.emails.length > MAX_ALLOWLIST_ENTRIES) throw new DomainError('INVALID_INPUT', AUDITOR_TEXTS.tooMany(MAX_ALLOWLIST_ENTRIES));
  const wanted: string[] = [];
  for (const raw of command.emails) {
    const email = normaliseEmail(raw);
    if (!isValidEmail(email)) throw new DomainError('INVALID_INPUT', AUDITOR_TEXTS.invalidEmail(email), { email });
    if (wanted.includes(email) || command.envAuditorEmails.includes(email)) throw new DomainError('INVALID_INPUT', AUDITOR_TEXTS.alreadyListed, { email });
    wanted.push(email);
  }
  const added = wanted.filter((email) => !state.auditors.includes(email));
  const removed = state.auditors.filter((email) => !wanted.includes(email));
  if (added.length === 0 && removed.length === 0) return [];
  return [{ type: 'AuditorsChanged', data: { added, removed } }];
}

/** Checks one entry typed into the Auditors panel, as `decideChangeAuditors` will; null when it may be added. */
export function auditorEntryProblem(raw: string, editable: readonly string[], env: readonly string[]): string | null {
  const email = normaliseEmail(raw);
  if (!isValidEmail(email)) return AUDITOR_TEXTS.invalidEmail(email);
  if (editable.includes(email) || env.includes(email)) return AUDITOR_TEXTS.alreadyListed;
  return null;
}

/** Whether this address may read the log without editing (AUDITOR_EMAILS or the editable list). */
export function isAuditorEmail(state: AllowlistState, envAuditorEmails: readonly string[], email: string | null | undefined): boolean {
  if (!email) return false;
  const normalised = normaliseEmail(email);
  return envAuditorEmails.includes(normalised) || state.auditors.includes(normalised);
}
