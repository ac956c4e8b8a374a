/**
 * GET /api/admin/privacy and POST /api/admin/privacy/erase (DESIGN §16): shapes and texts shared by
 * the server and the inbox screen.
 */
import { CONTACT_LIMITS } from '../contact/contact-message';

export const PRIVACY_TEXTS = {
  emailRequired: 'Send the email address to look for as email.',
  emailInvalid: 'Send a valid email address.',
  notesErased: "This message's personal data was erased; its notes cannot be edited.",
  erasedBeforeDelivery: 'Erased before it was emailed.',
  findPerson: 'Find a person…',
  erasePerson: "Erase this person's data…",
  everything: (email: string) => `Everything we hold about ${email}`,
  erasedOn: (date: string) => `Erased on ${date}`,
} as const;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** The address a request names, trimmed; null when it is not one (400). Case is kept for the answer, ignored for the lookup. */
export function privacyEmailOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  if (email === '' || [...email].length > CONTACT_LIMITS.email || !EMAIL.test(email)) return null;
  return email;
}

export interface PrivacyMessage {
  id: string;
  received_at: string;
  name: string;
  email: string;
  message: string;
  notes: string;
  responded: boolean;
  responded_at: string | null;
  responded_by: string | null;
  delivery_status: string;
}

export interface PrivacyAuditEntry {
  id: string;
  position: number;
  occurred_at: string;
  action: string;
  summary: string;
}

/** Everything kept about one address (GDPR Art. 15), one JSON document. */
export interface SubjectAccessAnswer {
  email: string;
  generated_at: string;
  /** The opaque id the log knows this address by; null when we never held anything for it. */
  subject_id: string | null;
  messages: PrivacyMessage[];
  /** Erasures recorded for this address, with the message ids they named. */
  erasures: Array<{ occurred_at: string; messages: number; message_ids: string[] }>;
  access: { admin: boolean; admin_fixed: boolean };
  /** Audit entries the address made as an admin (newest first, at most AUDIT_ENTRIES_MAX). */
  audit: { total: number; entries: PrivacyAuditEntry[] };
}

export const PRIVACY_AUDIT_ENTRIES_MAX = 1000;

export interface EraseAnswer {
  erased: { messages: number };
}
