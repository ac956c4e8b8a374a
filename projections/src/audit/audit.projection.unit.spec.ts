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
      words: 'Draft saved · Saved the draft: Site title · Site title',
    });
  });

  it('keeps the words an admin reads, every changed field labelled, for the search (issue 25)', () => {
    const row = toAuditRow({ ...base, data: { changes: { hero_title: 'A', hero_subtext: 'B', site_title: 'C', about_body: 'D', contactemail: 'e@x.y' } } });
    expect(row.words.toLowerCase()).toContain('hero title');
    expect(row.words).toContain('Saved the draft: ');
    expect(row.words).toMatch(/and 1 more · /);
    // Every field's label, not only the first four the summary names.
    expect(row.words.split(' · ').length).toBe(2 + 5);
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
