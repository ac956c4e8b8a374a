/**
 * The contact response aggregate: one per message, on its own stream `contact-<messageId>`.
 * `decideContactResponse(state, command) → events` is pure and throws DomainError. Rules:
 * - Receiving a (validated) message records exactly one fact and starts the stream; every other
 *   command needs the message to exist (NOT_FOUND otherwise).
 * - Marking a message as it already is records nothing (no-op), so a double click is not audited twice.
 * - Notes are text up to 5,000 characters, line endings normalised; whitespace-only notes are
 *   empty notes; saving the same notes records nothing.
 * - A delivery is recorded once per message: a second RecordDelivery records nothing. That is what
 *   makes delivery exactly-once across restarts and instances: the deliverer decides from the stream.
 */
import { DomainError, assertNever } from '../errors/domain-error';
import type { PersonalDataRef } from './contact-message';
import type { ContactEvent, DeliveryOutcome, ResponseNotesEditedData } from './contact-response.events';
import { DELIVERY_OUTCOMES } from './contact-response.events';
import { CONTACT_RESPONSE_TEXTS, DELIVERY_ERROR_MAX_LENGTH, RESPONSE_NOTES_MAX_LENGTH } from './contact-response.texts';

export interface ContactResponseState {
  /** null while the stream holds no ContactMessageReceived. */
  messageId: string | null;
  responded: boolean;
  /** The current notes as recorded: a reference into the privacy store, null for none (legacy: the text). */
  notes: ResponseNotesEditedData['notes'];
  /** The recorded delivery outcome, or null while pending. */
  delivery: DeliveryOutcome | null;
  /** Stream revision of the last event folded in; -1 for a stream with no events. */
  revision: number;
}

export const initialContactResponseState: ContactResponseState = { messageId: null, responded: false, notes: null, delivery: null, revision: -1 };

/** An admin's command: who and when come in through metadata (DESIGN §12.3). */
export interface AdminCommandMetadata {
  actorEmail: string;
  now: string;
}

export type MarkResponse = { type: 'MarkResponse'; data: { responded: unknown }; metadata: AdminCommandMetadata };
/**
 * `current` is the text of the notes the state refers to (read from the privacy store by the caller);
 * `sealed` is where the caller stored the new text (null when it is not text or empty), so the event
 * carries a reference, never the words. A refused or no-op decision leaves `sealed` to be deleted.
 */
export type EditResponseNotes = {
  type: 'EditResponseNotes';
  data: { notes: unknown; current: string; sealed: PersonalDataRef | null };
  metadata: AdminCommandMetadata;
};
/** Issued by the deliverer (no actor): the outcome of sending the message by email. */
export type RecordDelivery = {
  type: 'RecordDelivery';
  data: { status: DeliveryOutcome; error: string | null; to: string | null; attempts: number };
  metadata: { now: string };
};

/**
 * A visitor's message, already validated (validateContactMessage) and stored in the privacy store
 * under `personal` for the subject (the sender's address) `subjectId`; the id names the new stream.
 */
export type ReceiveContactMessage = { type: 'ReceiveContactMessage'; data: { messageId: string; subjectId: string; personal: PersonalDataRef } };

export type ContactResponseCommand = ReceiveContactMessage | MarkResponse | EditResponseNotes | RecordDelivery;

export function evolveContactResponse(state: ContactResponseState, event: Pick<ContactEvent, 'type' | 'data'>): ContactResponseState {
  const e = event as ContactEvent;
  const next = { ...state, revision: state.revision + 1 };
  switch (e.type) {
    case 'ContactMessageReceived':
      return { ...next, messageId: e.data.messageId };
    case 'ContactDeliveryRecorded':
      return { ...next, delivery: e.data.status };
    case 'ResponseMarked':
      return { ...next, responded: e.data.responded };
    case 'ResponseNotesEdited':
      return { ...next, notes: e.data.notes };
    default:
      return assertNever(e, 'contact event');
  }
}

export function foldContactResponse(events: Iterable<Pick<ContactEvent, 'type' | 'data'>>, from: ContactResponseState = initialContactResponseState): ContactResponseState {
  let state = from;
  for (const event of events) state = evolveContactResponse(state, event);
  return state;
}

/** Notes as stored: LF line endings; only-whitespace means none. Length is counted in characters, not UTF-16 units. */
export function normaliseResponseNotes(notes: string): string {
  const text = notes.replace(/\r\n?/g, '\n');
  return text.trim() === '' ? '' : text;
}

function isoTime(now: string): string {
  const ms = Date.parse(now);
  if (!Number.isFinite(ms)) throw new DomainError('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.badTime, { now });
  return new Date(ms).toISOString();
}

function actorOf(metadata: AdminCommandMetadata): string {
  const actor = typeof metadata.actorEmail === 'string' ? metadata.actorEmail.trim().toLowerCase() : '';
  if (actor === '') throw new DomainError('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.actorRequired);
  return actor;
}

function existing(state: ContactResponseState): string {
  if (state.messageId === null) throw new DomainError('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
  return state.messageId;
}

export function decideContactResponse(state: ContactResponseState, command: ContactResponseCommand): ContactEvent[] {
  switch (command.type) {
    case 'ReceiveContactMessage': {
      if (state.messageId !== null) throw new DomainError('CONFLICT', CONTACT_RESPONSE_TEXTS.alreadyReceived);
      const { messageId, subjectId, personal } = command.data;
      return [{ type: 'ContactMessageReceived', data: { messageId, subjectId, personal: { recordId: personal.recordId, digest: personal.digest } } }];
    }
    case 'MarkResponse': {
      const messageId = existing(state);
      const { responded } = command.data;
      if (typeof responded !== 'boolean') throw new DomainError('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.respondedNotBoolean);
      const actor = actorOf(command.metadata);
      const now = isoTime(command.metadata.now);
      if (responded === state.responded) return [];
      return [{ type: 'ResponseMarked', data: { messageId, responded, respondedAt: responded ? now : null, respondedBy: responded ? actor : null } }];
    }
    case 'EditResponseNotes': {
      const messageId = existing(state);
      if (typeof command.data.notes !== 'string') throw new DomainError('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.notesNotText);
      actorOf(command.metadata);
      const notes = normaliseResponseNotes(command.data.notes);
      if ([...notes].length > RESPONSE_NOTES_MAX_LENGTH) throw new DomainError('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.notesTooLong);
      if (notes === normaliseResponseNotes(command.data.current)) return [];
      if (notes === '') return [{ type: 'ResponseNotesEdited', data: { messageId, notes: null } }];
      const { sealed } = command.data;
      if (sealed === null) throw new Error('EditResponseNotes: notes must be stored before they are recorded');
      return [{ type: 'ResponseNotesEdited', data: { messageId, notes: { recordId: sealed.recordId, digest: sealed.digest } } }];
    }
    case 'RecordDelivery': {
      const messageId = existing(state);
      const { status, to, attempts } = command.data;
      if (!(DELIVERY_OUTCOMES as readonly string[]).includes(status)) throw new DomainError('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.badOutcome);
      isoTime(command.metadata.now);
      if (state.delivery !== null) return [];
      const error = status === 'sent' ? null : cutError(command.data.error);
      return [{ type: 'ContactDeliveryRecorded', data: { messageId, status, error, to: to ?? null, attempts: Math.max(0, Math.floor(attempts)) } }];
    }
    default:
      return assertNever(command, 'contact response command');
  }
}

function cutError(error: string | null): string | null {
  if (error === null || error.trim() === '') return null;
  const chars = [...error.trim()];
  return chars.length <= DELIVERY_ERROR_MAX_LENGTH ? chars.join('') : `${chars.slice(0, DELIVERY_ERROR_MAX_LENGTH - 1).join('')}…`;
}
