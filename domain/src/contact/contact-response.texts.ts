/** Limits and texts of the Contact Responses inbox (SPEC §2, §6, §8, §9), shared by server and screen. */

/** SPEC shows no limit for notes; this keeps one save from flooding the log (same cap as a message). */
export const RESPONSE_NOTES_MAX_LENGTH = 5000;

/** SPEC §9: the row limits offered by the screen; the list defaults to 50. */
export const CONTACT_LIST_LIMIT_OPTIONS = [25, 50, 100, 200, 500] as const;
export const CONTACT_LIST_DEFAULT_LIMIT = 50;
/** The server takes any whole number up to the largest option (the sidebar badge asks for 1). */
export const CONTACT_LIST_MAX_LIMIT = 500;
/** Free-text search is a filter, not a document. */
export const CONTACT_SEARCH_MAX_LENGTH = 200;

export const CONTACT_SORTS = ['newest', 'oldest'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

export const CONTACT_RESPONSE_TEXTS = {
  loadFailed: 'Failed to load contact responses',
  forbidden: 'You do not have access to contact responses.',
  updateFailed: (status: number) => `Failed to update response (${status})`,
  notesFailed: (status: number) => `Failed to save notes (${status})`,
  exportFailed: (status: number) => `Failed to export (${status})`,
  awaiting: 'Awaiting reply',
  responded: 'Responded',
  notFound: 'Contact response not found.',
  respondedNotBoolean: 'responded must be true or false.',
  notesNotText: 'notes must be text.',
  notesTooLong: `Notes must be at most ${RESPONSE_NOTES_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  nothingToChange: 'Send {responded: true|false} or {notes: "…"}.',
  actorRequired: 'An admin email is required.',
  alreadyReceived: 'This message has already been received.',
  badOutcome: `Delivery status must be one of ${['sent', 'failed', 'skipped'].join(', ')}.`,
  badTime: 'Command time must be an ISO timestamp.',
  staleRevision: 'This message changed in the meantime; reload and try again.',
} as const;

/** Delivery errors are for people; a server that answers with pages of text is cut short. */
export const DELIVERY_ERROR_MAX_LENGTH = 1000;
