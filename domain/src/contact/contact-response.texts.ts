/** Texts and the notes limit of the Contact Responses inbox (SPEC §2, §6, §8), shared by server and screen; the list's HTTP shape is contact.contract.ts. */

/** SPEC shows no limit for notes; this keeps one save from flooding the log (same cap as a message). */
export const RESPONSE_NOTES_MAX_LENGTH = 5000;

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
