import { contactStreamId, type ContactEvent } from '@punchline/domain';
import { contactResponsesProjection } from '@punchline/projections';
import { GIVEN, projectionSpecification, type GivenEvent } from '../test-support/projection-specification';
import { databaseKinds } from '../test-support/test-database';

const ID = '3b0f5c1e-6a55-4d0e-9d8e-1f1c2a3b4c5d';
const OTHER = '9a7e2d10-1c4b-4f3e-8a6d-5b4c3d2e1f00';
const ROWS = `SELECT id, subject_id, record_id, notes_record_id, created_at, responded, responded_at, responded_by, delivery_status, delivery_error, erased_at, position, version
                FROM rm.contact_responses ORDER BY position`;
const SUBJECT = '5f0a0000-0000-4000-8000-00000000000a';
const record = (n: number) => `7e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The read model keeps references into the privacy store, never the words (DESIGN §16). */
const received = (messageId: string, n = 1): GivenEvent<ContactEvent> => ({
  type: 'ContactMessageReceived',
  data: { messageId, subjectId: SUBJECT, personal: { recordId: record(n), digest: 'ab'.repeat(32) } },
  streamId: contactStreamId(messageId),
});

/** The row of received(ID) before anything else happened to it. */
const JUST_RECEIVED = {
  id: ID,
  subject_id: SUBJECT,
  record_id: record(1),
  notes_record_id: null,
  created_at: GIVEN.occurredAt,
  responded: false,
  responded_at: null,
  responded_by: null,
  delivery_status: 'pending',
  delivery_error: null,
  erased_at: null,
  position: 1,
  version: 1,
};

describe.each(databaseKinds())('contact responses projection (rm.contact_responses) on %s', (kind) => {
  const given = projectionSpecification<ContactEvent>(contactResponsesProjection, { kind, streamId: contactStreamId(ID) });

  it('starts a row at ContactMessageReceived: awaiting a reply, delivery pending, no notes', () =>
    given({ ...received(ID), metadata: { occurredAt: '2025-04-01T14:00:00+02:00', actorEmail: null } }).then(ROWS, [
      { ...JUST_RECEIVED, created_at: '2025-04-01T12:00:00.000Z' },
    ]));

  it('follows delivery, marking and notes in later batches onto the stored row', () =>
    given(received(ID))
      .given({ type: 'ContactDeliveryRecorded', data: { messageId: ID, status: 'failed', error: '550 nope', to: 'team@example.com', attempts: 1 } })
      .given(
        { type: 'ResponseMarked', data: { messageId: ID, responded: true, respondedAt: '2025-04-02T09:00:00.000Z', respondedBy: 'ana@example.com' } },
        { type: 'ResponseNotesEdited', data: { messageId: ID, notes: { recordId: record(9), digest: 'cd'.repeat(32) } } },
      )
      .then(ROWS, [
        {
          ...JUST_RECEIVED,
          responded: true,
          responded_at: '2025-04-02T09:00:00.000Z',
          responded_by: 'ana@example.com',
          notes_record_id: record(9),
          delivery_status: 'failed',
          delivery_error: '550 nope',
          version: 4,
        },
      ]));

  it('clears who answered and when once a message is set back to awaiting', () =>
    given(
      received(ID),
      { type: 'ResponseMarked', data: { messageId: ID, responded: true, respondedAt: '2025-04-02T09:00:00.000Z', respondedBy: 'ana@example.com' } },
    )
      .given({ type: 'ResponseMarked', data: { messageId: ID, responded: false, respondedAt: null, respondedBy: null } })
      .then('SELECT id, responded, responded_at, responded_by, version FROM rm.contact_responses', [
        { id: ID, responded: false, responded_at: null, responded_by: null, version: 3 },
      ]));

  it('keeps each message in its own row, ordered by the position it was received at', () =>
    given(received(OTHER, 2), received(ID))
      .given({ type: 'ContactDeliveryRecorded', data: { messageId: OTHER, status: 'sent', error: null, to: 'team@example.com', attempts: 1 }, streamId: contactStreamId(OTHER) })
      .then('SELECT id, record_id, delivery_status, position, version FROM rm.contact_responses ORDER BY position', [
        { id: OTHER, record_id: record(2), delivery_status: 'sent', position: 1, version: 3 },
        { id: ID, record_id: record(1), delivery_status: 'pending', position: 2, version: 2 },
      ]));

  it('invents nothing for a message never received, nor for contact events on other streams', () =>
    given(
      { type: 'ResponseNotesEdited', data: { messageId: OTHER, notes: null }, streamId: contactStreamId(OTHER) },
      { ...received(OTHER, 3), streamId: 'site' },
      received(ID),
    ).then('SELECT id, record_id FROM rm.contact_responses', [{ id: ID, record_id: record(1) }]));

  it('marks erased messages with the time and drops their references, by request or by retention', () =>
    given(received(ID), received(OTHER, 2), { type: 'ResponseNotesEdited', data: { messageId: ID, notes: { recordId: record(9), digest: 'cd'.repeat(32) } } })
      .given({
        type: 'PersonalDataErased',
        data: { subjectId: SUBJECT, messageIds: [ID] },
        streamId: `privacy-${SUBJECT}`,
        metadata: { occurredAt: '2025-05-01T10:00:00.000Z', actorEmail: 'ana@example.com' },
      } as unknown as GivenEvent<ContactEvent>)
      .given({
        type: 'ContactMessagesExpired',
        data: { retentionDays: 30, cutoff: '2025-05-01T00:00:00.000Z', messageIds: [OTHER] },
        streamId: 'privacy-retention',
        metadata: { occurredAt: '2025-05-02T10:00:00.000Z', actorEmail: null },
      } as unknown as GivenEvent<ContactEvent>)
      .then('SELECT id, record_id, notes_record_id, erased_at, version FROM rm.contact_responses ORDER BY position', [
        { id: ID, record_id: null, notes_record_id: null, erased_at: '2025-05-01T10:00:00.000Z', version: 4 },
        { id: OTHER, record_id: null, notes_record_id: null, erased_at: '2025-05-02T10:00:00.000Z', version: 5 },
      ]));
});
