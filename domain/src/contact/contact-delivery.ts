/**
 * Delivering a contact message to the collective's mailbox (DESIGN §10 SMTP_URL): who it goes to,
 * what the email says, and which SMTP failures are worth another try. Pure; the backend's deliverer
 * does the sending and records the outcome as ContactDeliveryRecorded.
 */
import type { ContactMessage } from './contact-message';

/**
 * What the inbox's 'Why?' tells an admin: what happened and what they can do, not server variables
 * (README says SMTP_URL and CONTACT_TO). Recorded in ContactDeliveryRecorded, so older entries keep
 * the words of their day.
 */
export const DELIVERY_TEXTS = {
  noSmtp: 'Email delivery is not set up: messages are kept here.',
  noRecipient: 'Nobody to email it to: set the contact email under Page Configurations → Contact.',
} as const;

/** Attempts per message before it is recorded as failed; waits between them (ms). Bounded on purpose: a dead server must not be hammered. */
export const DELIVERY_MAX_ATTEMPTS = 3;
export const DELIVERY_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000];

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** A plain address from a setting that may be written as a mailto: link (with ?subject=… and the like). */
export function mailboxFromSetting(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let text = value.trim();
  if (/^mailto:/i.test(text)) text = text.slice('mailto:'.length).split('?')[0] ?? '';
  try {
    text = decodeURIComponent(text).trim();
  } catch {
    return null;
  }
  // One mailbox only: a list would turn the form into a mailing list.
  return EMAIL.test(text) ? text : null;
}

/** CONTACT_TO wins; otherwise the live `contactemail` setting (SPEC §3); null when neither is a mailbox. */
export function deliveryRecipient(contactTo: string | undefined, contactEmailSetting: unknown): string | null {
  return mailboxFromSetting(contactTo) ?? mailboxFromSetting(contactEmailSetting);
}

export interface ContactEmail {
  subject: string;
  text: string;
}

/**
 * The email for one message: plain text, with the visitor's words as written. The visitor's name and
 * address reach headers only through Reply-To as a structured address (the mailer quotes them), and
 * the validated message has no line breaks in either, so nothing here can forge a header.
 */
export function composeContactEmail(message: ContactMessage, context: { siteTitle: string; receivedAt: string; contactPageUrl: string }): ContactEmail {
  const site = context.siteTitle.trim() || 'Punchline';
  return {
    subject: `[${site}] Contact form message from ${message.name}`,
    text: [
      `Name: ${message.name}`,
      `Email: ${message.email}`,
      `Received: ${context.receivedAt}`,
      '',
      message.message,
      '',
      '-- ',
      `Sent through the contact form at ${context.contactPageUrl}. Reply to this email to answer ${message.name}.`,
    ].join('\n'),
  };
}

/**
 * SMTP replies 5xx are final (the server said no: a bad mailbox, a refused sender); 4xx replies and
 * failures without a reply (connection refused, timeouts, TLS) may pass on another try.
 */
export function isPermanentSmtpFailure(responseCode: unknown): boolean {
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** Wait before attempt `attempt + 1` after `attempt` failed, or null when no attempt is left. */
export function retryDelayAfter(attempt: number, delays: readonly number[] = DELIVERY_RETRY_DELAYS_MS, maxAttempts = DELIVERY_MAX_ATTEMPTS): number | null {
  if (attempt >= maxAttempts) return null;
  return delays[Math.min(attempt - 1, delays.length - 1)] ?? 0;
}
