import type { RecordedEvent } from '@punchline/domain';
import { toAuditRow } from './audit.projection';

const base: RecordedEvent = {
  eventId: '6f1c8a4e-7a1b-4c57-9a55-0d8c3c1f0a11',
  type: 'DraftSaved',
  data: { changes: { site_title: 'Punchline' } },
  metadata: { actorEmail: 'ada@example.com', correlationId: 'c1', causationId: null, occurredAt: '2024-05-01T10:00:00+02:00' },
  streamId: 'site',
  streamRevision: 3,
  globalPosition: 42,
  schemaVersion: 1,
  recordedAt: '2024-05-01T08:00:01.000Z',
};

describe('toAuditRow', () => {
  it('maps the event type to the action and the data to meta', () => {
    expect(toAuditRow(base)).toEqual({
      position: 42,
      eventId: base.eventId,
      streamId: 'site',
      occurredAt: '2024-05-01T08:00:00.000Z',
      actorEmail: 'ada@example.com',
      action: 'DraftSaved',
      meta: '{"changes":{"site_title":"Punchline"}}',
    });
  });

  it('falls back to the recording time when occurredAt is not a date', () => {
    const row = toAuditRow({ ...base, metadata: { ...base.metadata, occurredAt: 'yesterday-ish' } });
    expect(row.occurredAt).toBe(base.recordedAt);
  });

  it('keeps events without an actor (system events) and without data', () => {
    const row = toAuditRow({ ...base, data: undefined, metadata: { ...base.metadata, actorEmail: null } });
    expect([row.actorEmail, row.meta]).toEqual([null, 'null']);
  });
});
