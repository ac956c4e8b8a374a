import type { RecordedEvent } from '@punchline/domain';
import { applyContactEvent, contactMessageIdOf, type ContactResponseRow } from './contact-responses.projection';

const ID = '3b0f5c1e-6a55-4d0e-9d8e-1f1c2a3b4c5d';
let position = 0;
function recorded(type: string, data: unknown, occurredAt = '2025-04-01T14:00:00+02:00', actorEmail: string | null = null): RecordedEvent {
  position += 1;
  return {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type,
    data,
    metadata: { actorEmail, correlationId: 'c', causationId: null, occurredAt },
    streamId: `contact-${ID}`,
    streamRevision: position - 1,
    globalPosition: position,
    schemaVersion: 1,
    recordedAt: '2025-04-01T12:00:01.000Z',
  };
}

function fold(events: RecordedEvent[]): ContactResponseRow | null {
  return events.reduce<ContactResponseRow | null>((row, event) => applyContactEvent(row, event, ID), null);
}

describe('contact_responses rows', () => {
  beforeEach(() => {
    position = 0;
  });

  it('starts a row at ContactMessageReceived: awaiting reply, delivery pending, no notes', () => {
    expect(fold([recorded('ContactMessageReceived', { messageId: ID, subjectId: 'S', personal: { recordId: 'R', digest: 'd' } })])).toEqual({
      id: ID,
      subjectId: 'S',
      recordId: 'R',
      notesRecordId: null,
      createdAt: '2025-04-01T12:00:00.000Z',
      responded: false,
      respondedAt: null,
      respondedBy: null,
      deliveryStatus: 'pending',
      deliveryError: null,
      erasedAt: null,
      position: 1,
      version: 1,
    });
  });

  it('follows delivery, marking and notes, and clears who/when when set back to awaiting', () => {
    const row = fold([
      recorded('ContactMessageReceived', { messageId: ID, subjectId: 'S', personal: { recordId: 'R', digest: 'd' } }),
      recorded('ContactDeliveryRecorded', { messageId: ID, status: 'failed', error: '550 nope', to: 'x@y.example', attempts: 1 }),
      recorded('ResponseMarked', { messageId: ID, responded: true, respondedAt: '2025-04-02T09:00:00.000Z', respondedBy: 'ana@example.com' }, undefined, 'ana@example.com'),
      recorded('ResponseNotesEdited', { messageId: ID, notes: { recordId: 'N', digest: 'd' } }, undefined, 'ana@example.com'),
    ]);
    expect(row).toMatchObject({ deliveryStatus: 'failed', deliveryError: '550 nope', responded: true, respondedAt: '2025-04-02T09:00:00.000Z', respondedBy: 'ana@example.com', notesRecordId: 'N', position: 1, version: 4 });
    const awaiting = applyContactEvent(row, recorded('ResponseMarked', { messageId: ID, responded: false, respondedAt: null, respondedBy: null }), ID);
    expect(awaiting).toMatchObject({ responded: false, respondedAt: null, respondedBy: null, version: 5 });
  });

  it('keeps no words of a first-release message still in the log (EventStoreDB)', () => {
    expect(fold([recorded('ContactMessageReceived', { messageId: ID, name: 'Ada', email: 'ada@example.com', message: 'Hi' })])).toMatchObject({ subjectId: null, recordId: null });
  });

  it('invents nothing for events of a message never received', () => {
    expect(fold([recorded('ResponseNotesEdited', { messageId: ID, notes: 'x' })])).toBeNull();
  });

  it('names messages by their stream', () => {
    expect(contactMessageIdOf(`contact-${ID}`)).toBe(ID);
    expect(contactMessageIdOf('contact-')).toBeNull();
    expect(contactMessageIdOf('site')).toBeNull();
  });
});
