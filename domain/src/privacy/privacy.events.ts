/**
 * Forgetting a person (DESIGN §16). Personal data of contact messages lives in the privacy store,
 * outside the log; these events record what was erased and why, by opaque ids only: a subject id
 * (one per sender address, random) and message ids. They never carry a name, an address or words.
 */
export const PRIVACY_STREAM_PREFIX = 'privacy-';
/** One stream per subject: its erasures. */
export function privacySubjectStreamId(subjectId: string): string {
  return `${PRIVACY_STREAM_PREFIX}${subjectId}`;
}
/** The retention runs (CONTACT_RETENTION_DAYS), one event per run that erased something. */
export const PRIVACY_RETENTION_STREAM = `${PRIVACY_STREAM_PREFIX}retention`;
/** The one-time start-up migration that moved first-release messages out of the log. */
export const PRIVACY_MIGRATION_STREAM = `${PRIVACY_STREAM_PREFIX}migration`;

/** An admin erased everything kept about one sender: the messages named here (with their notes) are gone. */
export interface PersonalDataErasedData {
  subjectId: string;
  messageIds: string[];
}

/** A retention run: messages received before `cutoff` were erased. */
export interface ContactMessagesExpiredData {
  retentionDays: number;
  cutoff: string;
  messageIds: string[];
}

/** A link of the chain as it stood before the migration rewrote it. */
export interface ChainLink {
  position: number;
  hash: string;
}

/**
 * The migration's record (ARCHITECTURE "Forgetting a person"): the head of the log before it, and for
 * each event it rewrote (personal data replaced by a reference) its position, id and former hash.
 * With these, an auditor holding an earlier head recomputes the former chain from the current log.
 */
export interface PersonalDataMovedOutOfLogData {
  previousHead: ChainLink;
  rewritten: Array<ChainLink & { eventId: string }>;
}

export type PrivacyEvent =
  | { type: 'PersonalDataErased'; data: PersonalDataErasedData }
  | { type: 'ContactMessagesExpired'; data: ContactMessagesExpiredData }
  | { type: 'PersonalDataMovedOutOfLog'; data: PersonalDataMovedOutOfLogData };

export const PRIVACY_EVENT_TYPES: readonly PrivacyEvent['type'][] = ['PersonalDataErased', 'ContactMessagesExpired', 'PersonalDataMovedOutOfLog'];

export function isPrivacyEventType(type: string): type is PrivacyEvent['type'] {
  return (PRIVACY_EVENT_TYPES as readonly string[]).includes(type);
}

/** Message ids an event erased (none for the migration, which moves data without erasing it). */
export function erasedMessageIds(event: Pick<PrivacyEvent, 'type' | 'data'>): string[] {
  const e = event as PrivacyEvent;
  switch (e.type) {
    case 'PersonalDataErased':
    case 'ContactMessagesExpired':
      return e.data.messageIds;
    case 'PersonalDataMovedOutOfLog':
      return [];
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}
