/** Texts of SPEC §5 for the allowlist; the editor shows them instantly and the server enforces them. */
export const ALLOWLIST_TEXTS = {
  invalidEmail: (entry: string) => `Enter a valid email address (${entry}).`,
  alreadyAllowed: 'That email address is already allowed.',
  cannotRemoveSelf: 'You cannot remove your own address. Ask another admin to do it.',
  tooMany: (max: number) => `The allowlist can hold at most ${max} addresses.`,
  loadFailed: 'Failed to load allowlist',
  saveFailed: 'Failed to save changes.',
  saved: 'Allowlist updated successfully.',
} as const;

export const MAX_ALLOWLIST_ENTRIES = 500;
const MAX_EMAIL_LENGTH = 254;

/** Emails are compared trimmed and lower-cased everywhere (SPEC §5, §6). */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * SPEC §5 only asks for an '@'; we also insist on something on both sides and no whitespace,
 * because 'a@' or '@b' can never match a provider's verified address; nor can one holding a control
 * or an invisible format character (a bidi override shows 'lave@example.com' for another address).
 */
export function isValidEmail(normalised: string): boolean {
  return normalised.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+$/.test(normalised) && !/[\p{Cc}\p{Cf}]/u.test(normalised);
}

/** Checks one entry typed into the Admin Access panel; null when it may be added. */
export function allowlistEntryProblem(raw: string, editable: readonly string[], env: readonly string[]): string | null {
  const email = normaliseEmail(raw);
  if (!isValidEmail(email)) return ALLOWLIST_TEXTS.invalidEmail(email);
  if (editable.includes(email) || env.includes(email)) return ALLOWLIST_TEXTS.alreadyAllowed;
  return null;
}
