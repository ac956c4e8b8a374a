/**
 * A message sent through the public contact form (SPEC §2, §3, §5, §8). SPEC shows no length
 * limits in the form; the server enforces these (issue 6) so no request can store an essay or a
 * header-injection attempt. Every stored message is its own stream: one fact per message, no contention.
 */

export const CONTACT_LIMITS = { name: 200, email: 320, message: 5000 } as const;

export const CONTACT_TEXTS = {
  sending: 'Sending…',
  success: "Message sent! We'll be in touch soon.",
  failure: 'We couldn’t send your message. Please try again later.',
  nameRequired: 'Please enter your name.',
  nameInvalid: 'Please enter your name on one line.',
  nameHidden: 'Please enter your name without hidden direction characters.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  messageRequired: 'Please enter a message.',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters.`,
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters.`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`,
  notAnObject: 'Send name, from and message as a JSON object.',
  rateLimited: 'Too many messages from this address. Please try again later.',
} as const;

export const CONTACT_STREAM_PREFIX = 'contact-';

export function contactStreamId(messageId: string): string {
  return `${CONTACT_STREAM_PREFIX}${messageId}`;
}

/** The message as sent (SPEC §3: name, from, message), checked and tidied. */
export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/**
 * Personal data kept outside the log (DESIGN §16): the id of its record in the privacy store and a
 * salted digest, sha256(salt ‖ canonical JSON of the data), the salt kept with the data. The digest
 * commits the log to what was written; once the record is erased it reveals nothing guessable.
 */
export interface PersonalDataRef {
  recordId: string;
  digest: string;
}

/** ContactMessageReceived since DESIGN §16: who (an opaque subject id) and where the words are kept, never the words. */
export interface ContactMessageReceivedData {
  messageId: string;
  subjectId: string;
  personal: PersonalDataRef;
}

/** ContactMessageReceived as the first release wrote it (the words in the log); the start-up migration rewrites them. */
export interface LegacyContactMessageReceivedData extends ContactMessage {
  messageId: string;
}

export function isLegacyContactMessage(data: unknown): data is LegacyContactMessageReceivedData {
  return typeof data === 'object' && data !== null && typeof (data as { name?: unknown }).name === 'string';
}

export type ContactFieldName = 'name' | 'from' | 'message';

export type ContactValidation =
  | { ok: true; value: ContactMessage }
  | { ok: false; field: ContactFieldName | null; message: string };

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
// Line breaks and other control characters have no place in a name or an address (they could forge mail headers).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

// Characters that reorder what is shown (bidi embeddings, overrides, isolates): 'Bob \u202Eevil' reads
// as another name than the one stored. Names in right-to-left scripts need none of them.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
// Invisible format characters (zero-width space, joiners, marks, BOM): an address never holds one,
// and text made only of them (and spaces) is blank to anyone reading it.
const FORMAT = /\p{Cf}/u;
const isBlank = (value: string): boolean => value.replace(/[\s\p{Cf}]/gu, '') === '';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The server's check of POST /api/contact: required fields, email syntax, lengths (in characters). */
export function validateContactMessage(input: unknown): ContactValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, field: null, message: CONTACT_TEXTS.notAnObject };
  const body = input as Record<string, unknown>;
  const name = text(body.name).trim().replace(/[ \t]+/g, ' ');
  const email = text(body.from).trim();
  // Keep the message as written, only without surrounding blank lines; normalise CRLF to LF.
  const message = text(body.message).replace(/\r\n?/g, '\n').trim();

  if (isBlank(name)) return { ok: false, field: 'name', message: CONTACT_TEXTS.nameRequired };
  if ([...name].length > CONTACT_LIMITS.name) return { ok: false, field: 'name', message: CONTACT_TEXTS.nameTooLong };
  if (CONTROL.test(name)) return { ok: false, field: 'name', message: CONTACT_TEXTS.nameInvalid };
  if (BIDI_CONTROL.test(name)) return { ok: false, field: 'name', message: CONTACT_TEXTS.nameHidden };
  if (email === '') return { ok: false, field: 'from', message: CONTACT_TEXTS.emailRequired };
  if ([...email].length > CONTACT_LIMITS.email) return { ok: false, field: 'from', message: CONTACT_TEXTS.emailTooLong };
  if (CONTROL.test(email) || FORMAT.test(email) || !EMAIL.test(email)) return { ok: false, field: 'from', message: CONTACT_TEXTS.emailInvalid };
  if (isBlank(message)) return { ok: false, field: 'message', message: CONTACT_TEXTS.messageRequired };
  if ([...message].length > CONTACT_LIMITS.message) return { ok: false, field: 'message', message: CONTACT_TEXTS.messageTooLong };
  return { ok: true, value: { name, email, message } };
}
