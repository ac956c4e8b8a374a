/**
 * Events of a contact stream `contact-<messageId>` (DESIGN §7): the message as received, its
 * delivery by email, and what admins did about it. Each carries the message id so an audit entry
 * names the message without reading any other event.
 */
import type { NewEventOf } from '../events/envelope';
import type { ContactMessageReceivedData, LegacyContactMessageReceivedData, PersonalDataRef } from './contact-message';

/** How the message left for the collective's mailbox (SPEC §3); 'pending' until a delivery is recorded. */
export const DELIVERY_OUTCOMES = ['sent', 'failed', 'skipped'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export type DeliveryStatus = 'pending' | DeliveryOutcome;
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', ...DELIVERY_OUTCOMES];

export interface ContactDeliveryRecordedData {
  messageId: string;
  status: DeliveryOutcome;
  /** Why it failed or was skipped; null when sent. */
  error: string | null;
  /** The mailbox it went (or was meant) to; null when there was none. */
  to: string | null;
  /** SMTP attempts made (0 when skipped). */
  attempts: number;
}

/** `respondedAt`/`respondedBy` name who answered and when; both null when set back to awaiting. */
export interface ResponseMarkedData {
  messageId: string;
  responded: boolean;
  respondedAt: string | null;
  respondedBy: string | null;
}

/**
 * The notes as a reference into the privacy store (DESIGN §16), null when cleared. The first release
 * wrote the text itself (a string); the start-up migration rewrites those.
 */
export interface ResponseNotesEditedData {
  messageId: string;
  notes: PersonalDataRef | null | string;
}

export type ContactEvent =
  | { type: 'ContactMessageReceived'; data: ContactMessageReceivedData | LegacyContactMessageReceivedData }
  | { type: 'ContactDeliveryRecorded'; data: ContactDeliveryRecordedData }
  | { type: 'ResponseMarked'; data: ResponseMarkedData }
  | { type: 'ResponseNotesEdited'; data: ResponseNotesEditedData };

export type ContactEventType = ContactEvent['type'];

/** A contact event in its envelope, as appended (the handler adds eventId and metadata). */
export type ContactNewEvent = NewEventOf<ContactEvent>;

export const CONTACT_EVENT_TYPES: readonly ContactEventType[] = ['ContactMessageReceived', 'ContactDeliveryRecorded', 'ResponseMarked', 'ResponseNotesEdited'];

export function isContactEventType(type: string): type is ContactEventType {
  return (CONTACT_EVENT_TYPES as readonly string[]).includes(type);
}
