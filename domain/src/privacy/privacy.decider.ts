/**
 * The privacy streams' decisions (DESIGN §16), pure. Rules:
 * - Erasing a subject records one PersonalDataErased naming the messages it held that no erasure
 *   named yet. Erasing again with nothing new records nothing and answers the same count (the
 *   request is idempotent); the first erase of an address we hold nothing of is still recorded
 *   (an admin action leaves an audit entry), with no messages.
 * - A retention run that finds nothing to erase records nothing; otherwise one event per run.
 */
import { DomainError, assertNever } from '../errors/domain-error';
import type { Decider } from '../events/decider';
import { type PrivacyEvent, isPrivacyEventType } from './privacy.events';

export interface PrivacyState {
  /** Whether an erasure has been recorded on this stream. */
  erased: boolean;
  /** Messages erased on this stream, in the order they were. */
  erasedMessageIds: string[];
}

export const initialPrivacyState: PrivacyState = { erased: false, erasedMessageIds: [] };

export type PrivacyCommand =
  | { type: 'EraseSubject'; data: { subjectId: string; messageIds: string[] }; metadata: { actorEmail: string } }
  | { type: 'ExpireContactMessages'; data: { retentionDays: number; cutoff: string; messageIds: string[] } };

export function evolvePrivacy(state: PrivacyState, event: Pick<PrivacyEvent, 'type' | 'data'>): PrivacyState {
  const e = event as PrivacyEvent;
  switch (e.type) {
    case 'PersonalDataErased':
    case 'ContactMessagesExpired':
      return { erased: true, erasedMessageIds: [...state.erasedMessageIds, ...e.data.messageIds] };
    case 'PersonalDataMovedOutOfLog':
      return state;
    default:
      return assertNever(e, 'privacy event');
  }
}

function fresh(state: PrivacyState, ids: string[]): string[] {
  const done = new Set(state.erasedMessageIds);
  return [...new Set(ids)].filter((id) => !done.has(id)).sort();
}

export function decidePrivacy(state: PrivacyState, command: PrivacyCommand): PrivacyEvent[] {
  switch (command.type) {
    case 'EraseSubject': {
      if (typeof command.metadata.actorEmail !== 'string' || command.metadata.actorEmail.trim() === '') {
        throw new DomainError('INVALID_INPUT', 'An admin email is required.');
      }
      const messageIds = fresh(state, command.data.messageIds);
      if (messageIds.length === 0 && state.erased) return [];
      return [{ type: 'PersonalDataErased', data: { subjectId: command.data.subjectId, messageIds } }];
    }
    case 'ExpireContactMessages': {
      const { retentionDays, cutoff } = command.data;
      if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new DomainError('INVALID_INPUT', 'Retention must be a whole number of days.');
      const messageIds = fresh(state, command.data.messageIds);
      if (messageIds.length === 0) return [];
      return [{ type: 'ContactMessagesExpired', data: { retentionDays, cutoff, messageIds } }];
    }
    default:
      return assertNever(command, 'privacy command');
  }
}

export const privacyDecider: Decider<PrivacyState, PrivacyCommand, PrivacyEvent> = {
  initialState: initialPrivacyState,
  decide: decidePrivacy,
  evolve: evolvePrivacy,
  isEventType: isPrivacyEventType,
};
