import { contactStreamId, type ContactEvent } from '@punchline/domain';
import { contactResponsesProjection } from '@punchline/projections';
import { GIVEN, projectionSpecification, type GivenEvent } from '../test-support/projection-specification';
import { databaseKinds } from '../test-support/test-database';

const ID = '3b0f5c1e-6a55-4d0e-9d8e-1f1c2a3b4c5d';
const OTHER = '9a7e2d10-1c4b-4f3e-8a6d-5b4c3d2e1f00';
const ROWS = `SELECT id, name, email, message, created_at, responded, responded_at, responded_by, notes, delivery_status, delivery_error, position, version
                FROM rm.contact_responses ORDER BY position`;

const received = (messageId: string, name = 'Ada'): GivenEvent<ContactEvent> => ({
  type: 'ContactMessageReceived',
  data: { messageId, name, email: `${name.toLowerCase()}@example.com`, message: `Hi from ${name}` },
  streamId: contactStreamId(messageId),
});

/** The row of received(ID) before anything else happened to it. */
const JUST_RECEIVED = {
  id: ID,
  name: 'Ada',
  email: 'ada@example.com',
  message: 'Hi from Ada',
  created_at: GIVEN.occurredAt,
  responded: false,
  responded_at: null,
  responded_by: null,
  notes: '',
  delivery_status: 'pending',
  delivery_error: null,
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
        { type: 'ResponseNotesEdited', data: { messageId: ID, notes: 'Called back' } },
      )
      .then(ROWS, [
        {
          ...JUST_RECEIVED,
          responded: true,
          responded_at: '2025-04-02T09:00:00.000Z',
          responded_by: 'ana@example.com',
          notes: 'Called back',
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
    given(received(OTHER, 'Bob'), received(ID))
      .given({ type: 'ContactDeliveryRecorded', data: { messageId: OTHER, status: 'sent', error: null, to: 'team@example.com', attempts: 1 }, streamId: contactStreamId(OTHER) })
      .then('SELECT id, name, delivery_status, position, version FROM rm.contact_responses ORDER BY position', [
        { id: OTHER, name: 'Bob', delivery_status: 'sent', position: 1, version: 3 },
        { id: ID, name: 'Ada', delivery_status: 'pending', position: 2, version: 2 },
      ]));

  it('invents nothing for a message never received, nor for contact events on other streams', () =>
    given(
      { type: 'ResponseNotesEdited', data: { messageId: OTHER, notes: 'x' }, streamId: contactStreamId(OTHER) },
      { ...received(OTHER, 'Eve'), streamId: 'site' },
      received(ID),
    ).then('SELECT id, name FROM rm.contact_responses', [{ id: ID, name: 'Ada' }]));
});
