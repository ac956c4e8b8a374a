import type { ContactResponseCommand } from './contact-response.decider';
import { contactStreamId } from './contact-message';
import { decideContactResponse, foldContactResponse, normaliseResponseNotes } from './contact-response.decider';
import type { ContactEvent } from './contact-response.events';
import { CONTACT_RESPONSE_TEXTS } from './contact-response.texts';
import { deciderSpecification } from '../test-support/decider-specification';
import { contactResponseDecider } from './contact-response.aggregate';

const ID = '3b0f5c1e-6a55-4d0e-9d8e-1f1c2a3b4c5d';
const T0 = '2025-04-01T12:00:00.000Z';
const ANA = 'ana@punchline.example';
const admin = (actorEmail = ANA, now = T0) => ({ actorEmail, now });

const given = deciderSpecification(contactResponseDecider);

const SUBJECT = '9d6c3c1e-0000-4d0e-9d8e-1f1c2a3b4c5d';
const PERSONAL = { recordId: '7a1b2c3d-0000-4000-8000-000000000001', digest: 'ab'.repeat(32) };
const NOTES_REF = { recordId: '7a1b2c3d-0000-4000-8000-000000000002', digest: 'cd'.repeat(32) };
const received: ContactEvent = { type: 'ContactMessageReceived', data: { messageId: ID, subjectId: SUBJECT, personal: PERSONAL } };
const marked = (responded: boolean): ContactEvent => ({
  type: 'ResponseMarked',
  data: { messageId: ID, responded, respondedAt: responded ? T0 : null, respondedBy: responded ? ANA : null },
});
const notesEdited = (notes: typeof NOTES_REF | null): ContactEvent => ({ type: 'ResponseNotesEdited', data: { messageId: ID, notes } });
const edit = (notes: unknown, current = '', sealed: typeof NOTES_REF | null = NOTES_REF) => ({ notes, current, sealed });
const delivered = (status: 'sent' | 'failed' | 'skipped'): ContactEvent => ({
  type: 'ContactDeliveryRecorded',
  data: { messageId: ID, status, error: status === 'sent' ? null : 'why', to: 'crew@example.com', attempts: 1 },
});

describe('MarkResponse', () => {
  it('marks an awaiting message as responded, naming who (lower-cased) and when', () => {
    given(received)
      .when({ type: 'MarkResponse', data: { responded: true }, metadata: admin(' Ana@Punchline.EXAMPLE ', '2025-04-01T14:00:00+02:00') })
      .then([{ type: 'ResponseMarked', data: { messageId: ID, responded: true, respondedAt: T0, respondedBy: ANA } }]);
  });

  it('sets a responded message back to awaiting reply, clearing who and when', () => {
    given(received, marked(true))
      .when({ type: 'MarkResponse', data: { responded: false }, metadata: admin() })
      .then([{ type: 'ResponseMarked', data: { messageId: ID, responded: false, respondedAt: null, respondedBy: null } }]);
  });

  it('records nothing when the message already is as asked', () => {
    given(received).when({ type: 'MarkResponse', data: { responded: false }, metadata: admin() }).thenNothing();
    given(received, marked(true)).when({ type: 'MarkResponse', data: { responded: true }, metadata: admin() }).thenNothing();
  });

  it('is refused for a message that does not exist, a non-boolean, no actor or a bad time', () => {
    given().when({ type: 'MarkResponse', data: { responded: true }, metadata: admin() }).thenFails('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
    given(received).when({ type: 'MarkResponse', data: { responded: 'yes' }, metadata: admin() }).thenFails('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.respondedNotBoolean);
    given(received).when({ type: 'MarkResponse', data: { responded: true }, metadata: admin('  ') }).thenFails('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.actorRequired);
    given(received).when({ type: 'MarkResponse', data: { responded: true }, metadata: admin(ANA, 'soon') }).thenFails('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.badTime);
  });
});

describe('EditResponseNotes', () => {
  it('records a reference to the notes stored apart, never the words', () => {
    given(received)
      .when({ type: 'EditResponseNotes', data: edit('Called back.\r\nBooked for May.'), metadata: admin() })
      .then([notesEdited(NOTES_REF)]);
  });
  it('clears notes; whitespace-only notes are no notes', () => {
    given(received, notesEdited(NOTES_REF)).when({ type: 'EditResponseNotes', data: edit(' \n ', 'x', null), metadata: admin() }).then([notesEdited(null)]);
  });
  it('records nothing when the notes are unchanged', () => {
    given(received, notesEdited(NOTES_REF)).when({ type: 'EditResponseNotes', data: edit('Same', 'Same'), metadata: admin() }).thenNothing();
    given(received).when({ type: 'EditResponseNotes', data: edit('   ', '', null), metadata: admin() }).thenNothing();
  });
  it('takes 5,000 characters (counted as characters) and refuses 5,001, non-text and unknown messages', () => {
    given(received).when({ type: 'EditResponseNotes', data: edit('😂'.repeat(5000)), metadata: admin() }).then([notesEdited(NOTES_REF)]);
    given(received).when({ type: 'EditResponseNotes', data: edit('n'.repeat(5001)), metadata: admin() }).thenFails('INVALID_INPUT', 'Notes must be at most 5,000 characters.');
    given(received).when({ type: 'EditResponseNotes', data: edit(42, '', null), metadata: admin() }).thenFails('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.notesNotText);
    given(received).when({ type: 'EditResponseNotes', data: edit(null, '', null), metadata: admin() }).thenFails('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.notesNotText);
    given().when({ type: 'EditResponseNotes', data: edit('x'), metadata: admin() }).thenFails('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
  });
});

describe('RecordDelivery', () => {
  const record = (status: 'sent' | 'failed' | 'skipped', error: string | null = null): ContactResponseCommand => ({
    type: 'RecordDelivery',
    data: { status, error, to: 'crew@example.com', attempts: 1 },
    metadata: { now: T0 },
  });

  it('records the first outcome; a sent message carries no error', () => {
    given(received).when(record('sent', 'ignored')).then([
      { type: 'ContactDeliveryRecorded', data: { messageId: ID, status: 'sent', error: null, to: 'crew@example.com', attempts: 1 } },
    ]);
    given(received).when(record('failed', ' 550 No such user ')).then([
      { type: 'ContactDeliveryRecorded', data: { messageId: ID, status: 'failed', error: '550 No such user', to: 'crew@example.com', attempts: 1 } },
    ]);
  });

  it('cuts an overlong error to 1,000 characters', () => {
    const [event] = decideContactResponse(foldContactResponse([received]), record('failed', 'e'.repeat(5000)));
    expect([...((event!.data as { error: string }).error)]).toHaveLength(1000);
  });

  it('records nothing once a delivery is recorded, whatever the new outcome (exactly once)', () => {
    given(received, delivered('failed')).when(record('sent')).thenNothing();
    given(received, marked(true), delivered('skipped')).when(record('failed', 'x')).thenNothing();
  });

  it('is refused for an unknown message or an unknown status', () => {
    given().when(record('sent')).thenFails('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
    given(received)
      .when({ type: 'RecordDelivery', data: { status: 'bounced' as 'sent', error: null, to: null, attempts: 0 }, metadata: { now: T0 } })
      .thenFails('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.badOutcome);
  });
});

describe('normaliseResponseNotes', () => {
  it('keeps the text as written apart from line endings', () => {
    expect(normaliseResponseNotes('  a\r\rb  ')).toBe('  a\n\nb  ');
    expect(normaliseResponseNotes('\t\n')).toBe('');
  });
});

describe('ReceiveContactMessage', () => {
  it('records one ContactMessageReceived that starts the message stream, with references only', () => {
    given()
      .when({ type: 'ReceiveContactMessage', data: { messageId: ID, subjectId: SUBJECT, personal: PERSONAL } })
      .then([received]);
    expect(contactStreamId(ID)).toBe(`contact-${ID}`);
  });

  it('refuses a second message on the same stream (ids are never reused)', () => {
    given(received)
      .when({ type: 'ReceiveContactMessage', data: { messageId: ID, subjectId: SUBJECT, personal: PERSONAL } })
      .thenFails('CONFLICT', CONTACT_RESPONSE_TEXTS.alreadyReceived);
  });
});
