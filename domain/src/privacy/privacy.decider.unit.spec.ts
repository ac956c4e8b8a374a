import { deciderSpecification } from '../test-support/decider-specification';
import { privacyDecider } from './privacy.decider';
import type { PrivacyEvent } from './privacy.events';

const SUBJECT = '0b6c1f0e-1111-4aaa-8bbb-000000000001';
const [M1, M2, M3] = ['a1', 'b2', 'c3'].map((s) => `00000000-0000-4000-8000-0000000000${s}`) as [string, string, string];
const admin = { actorEmail: 'ana@punchline.example' };
const erased = (...messageIds: string[]): PrivacyEvent => ({ type: 'PersonalDataErased', data: { subjectId: SUBJECT, messageIds } });
const given = deciderSpecification(privacyDecider);

describe('EraseSubject', () => {
  it('records the messages held for the subject, once each and sorted', () => {
    given().when({ type: 'EraseSubject', data: { subjectId: SUBJECT, messageIds: [M2, M1, M2] }, metadata: admin }).then([erased(M1, M2)]);
  });
  it('records an erase of an address we hold nothing of (an admin action is audited), but only the first time', () => {
    given().when({ type: 'EraseSubject', data: { subjectId: SUBJECT, messageIds: [] }, metadata: admin }).then([erased()]);
    given(erased()).when({ type: 'EraseSubject', data: { subjectId: SUBJECT, messageIds: [] }, metadata: admin }).thenNothing();
  });
  it('records nothing when asked again for messages already erased (a retry after a crash)', () => {
    given(erased(M1, M2)).when({ type: 'EraseSubject', data: { subjectId: SUBJECT, messageIds: [M1, M2] }, metadata: admin }).thenNothing();
  });
  it('erases messages that arrived after an earlier erasure', () => {
    given(erased(M1)).when({ type: 'EraseSubject', data: { subjectId: SUBJECT, messageIds: [M1, M3] }, metadata: admin }).then([erased(M3)]);
  });
  it('is refused without an admin', () => {
    given().when({ type: 'EraseSubject', data: { subjectId: SUBJECT, messageIds: [M1] }, metadata: { actorEmail: ' ' } }).thenFails('INVALID_INPUT');
  });
});

describe('ExpireContactMessages', () => {
  const expire = (messageIds: string[], retentionDays = 30) => ({ type: 'ExpireContactMessages' as const, data: { retentionDays, cutoff: '2025-01-01T00:00:00.000Z', messageIds } });
  it('records one event per run that erased something', () => {
    given().when(expire([M2, M1])).then([{ type: 'ContactMessagesExpired', data: { retentionDays: 30, cutoff: '2025-01-01T00:00:00.000Z', messageIds: [M1, M2] } }]);
  });
  it('records nothing when nothing is due', () => {
    given().when(expire([])).thenNothing();
  });
  it('is refused for a retention that is not a whole number of days', () => {
    given().when(expire([M1], 0)).thenFails('INVALID_INPUT');
    given().when(expire([M1], 1.5)).thenFails('INVALID_INPUT');
  });
});
