import { auditProjection } from '@punchline/projections';
import { GIVEN, projectionSpecification } from '../test-support/projection-specification';
import { databaseKinds } from '../test-support/test-database';

const ROWS = 'SELECT position, event_id, stream_id, occurred_at, actor_email, action, meta FROM rm.audit_log ORDER BY position';

describe.each(databaseKinds())('audit projection (rm.audit_log) on %s', (kind) => {
  const given = projectionSpecification(auditProjection, { kind });

  it('records every event as one row, whatever its stream, with its data as meta', () =>
    given(
      { type: 'DraftSaved', data: { changes: { site_title: 'Punchline' } }, streamId: 'site' },
      { type: 'MediaUploaded', data: { path: 'a.png', size: 10 }, streamId: 'media', metadata: { actorEmail: null } },
      { type: 'AnythingElse', data: undefined },
    ).then(ROWS, [
      { position: 1, event_id: GIVEN.eventId(1), stream_id: 'site', occurred_at: GIVEN.occurredAt, actor_email: GIVEN.actorEmail, action: 'DraftSaved', meta: { changes: { site_title: 'Punchline' } } },
      { position: 2, event_id: GIVEN.eventId(2), stream_id: 'media', occurred_at: GIVEN.occurredAt, actor_email: null, action: 'MediaUploaded', meta: { path: 'a.png', size: 10 } },
      { position: 3, event_id: GIVEN.eventId(3), stream_id: GIVEN.streamId, occurred_at: GIVEN.occurredAt, actor_email: GIVEN.actorEmail, action: 'AnythingElse', meta: null },
    ]));

  it('stores a batch whose values hold the separator or the null mark of its column texts exactly, as arrays', () =>
    given(
      { type: 'DraftSaved', data: { changes: { site_title: 'a\x1eb' } }, streamId: 'odd\x1estream' },
      { type: 'AnythingElse', data: {}, metadata: { actorEmail: '\x1f' } },
    ).then(ROWS, [
      { position: 1, event_id: GIVEN.eventId(1), stream_id: 'odd\x1estream', occurred_at: GIVEN.occurredAt, actor_email: GIVEN.actorEmail, action: 'DraftSaved', meta: { changes: { site_title: 'a\x1eb' } } },
      { position: 2, event_id: GIVEN.eventId(2), stream_id: GIVEN.streamId, occurred_at: GIVEN.occurredAt, actor_email: '\x1f', action: 'AnythingElse', meta: {} },
    ]));

  it('takes the time from the command metadata, and the recording time when that is not a date', () =>
    given(
      { type: 'DraftSaved', data: {}, metadata: { occurredAt: '2024-05-01T10:00:00+02:00' } },
      { type: 'DraftSaved', data: {}, metadata: { occurredAt: 'yesterday-ish' }, recordedAt: '2024-05-02T08:00:01.000Z' },
    ).then('SELECT position, occurred_at FROM rm.audit_log ORDER BY position', [
      { position: 1, occurred_at: '2024-05-01T08:00:00.000Z' },
      { position: 2, occurred_at: '2024-05-02T08:00:01.000Z' },
    ]));

  it('adds a later batch after the earlier rows, keeping sparse positions as they are', () =>
    given({ type: 'LockAcquired', data: {}, globalPosition: 4 })
      .given({ type: 'LockReleased', data: {}, globalPosition: 9 }, { type: 'Published', data: {} })
      .then('SELECT position, action FROM rm.audit_log ORDER BY position', [
        { position: 4, action: 'LockAcquired' },
        { position: 9, action: 'LockReleased' },
        { position: 10, action: 'Published' },
      ]));

  it('keeps the words on screen, action, actor and data lowercased in the search column the audit screen filters on', () =>
    given({ type: 'DraftSaved', data: { changes: { site_title: 'Punchline' } }, metadata: { actorEmail: 'Ada@Example.com' } }).then(
      'SELECT search FROM rm.audit_log',
      // The data as the log holds it (meta is json since version 5: the text as written, no spaces).
      [{ search: 'draft saved · saved the draft: site title · site title draftsaved ada@example.com {"changes":{"site_title":"punchline"}}' }],
    ));
});
