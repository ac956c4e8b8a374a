import { SITE_STREAM, type SiteEvent, type StoredSettings } from '@punchline/domain';
import { showCalendarKey, siteSettingsProjection } from '@punchline/projections';
import { GIVEN, projectionSpecification, type GivenEvent } from '../test-support/projection-specification';
import { databaseKinds } from '../test-support/test-database';
import { SettingsReadService } from './settings-read.service';

const STAGES = 'SELECT stage, settings, stored, updated_at, version FROM rm.site_settings ORDER BY stage';
const SNAPSHOTS = 'SELECT id, label, stage, status, created_at, author_email, settings, position, published_position FROM rm.settings_versions ORDER BY position';
const LOCK = 'SELECT id, holder_email, acquired_at, expires_at, ttl_seconds FROM rm.draft_lock';
const COUNTS = `SELECT (SELECT count(*) FROM rm.site_settings)::int AS stages, (SELECT count(*) FROM rm.settings_versions)::int AS snapshots,
                       (SELECT count(*) FROM rm.draft_lock)::int AS locks`;

const LATER = '2025-03-02T08:00:00.000Z';
const ADA = 'ada@example.com';
const BOB = 'bob@example.com';

const draftSaved = (changes: StoredSettings): GivenEvent<SiteEvent> => ({ type: 'DraftSaved', data: { changes } });
const published = (settings: StoredSettings, snapshotId: string | null = null): GivenEvent<SiteEvent> => ({
  type: 'Published',
  data: { snapshotId, settings, changes: {} },
  metadata: { occurredAt: LATER },
});
const snapshotSaved = (snapshotId: string, label: string | null, settings: StoredSettings): GivenEvent<SiteEvent> => ({
  type: 'SnapshotSaved',
  data: { snapshotId, label, stage: 'draft', authorEmail: ADA, createdAt: GIVEN.occurredAt, settings },
});
const lockAcquired = (holderEmail: string, acquiredAt: string, previousHolderEmail: string | null = null): GivenEvent<SiteEvent> => ({
  type: 'LockAcquired',
  data: { holderEmail, ttlSeconds: 300, acquiredAt, expiresAt: new Date(Date.parse(acquiredAt) + 300_000).toISOString(), previousHolderEmail },
});

describe.each(databaseKinds())('site settings projection (rm.site_settings, settings_versions, draft_lock) on %s', (kind) => {
  const given = projectionSpecification<SiteEvent>(siteSettingsProjection, { kind, streamId: SITE_STREAM });

  it('writes a saved draft to the draft row only, read over an empty live', () =>
    given(draftSaved({ site_title: 'Draft title', hero_title: 'Draft hero' })).then(STAGES, [
      { stage: 'draft', settings: { site_title: 'Draft title', hero_title: 'Draft hero' }, stored: { site_title: 'Draft title', hero_title: 'Draft hero' }, updated_at: GIVEN.occurredAt, version: 1 },
    ]));

  it('writes a publish to live, and the draft reads its own fields over the new live', () =>
    given(draftSaved({ site_title: 'Draft title' }))
      .given(published({ site_title: 'Live title', footer_text: 'Live footer' }))
      .then(STAGES, [
        { stage: 'draft', settings: { site_title: 'Draft title', footer_text: 'Live footer' }, stored: { site_title: 'Draft title' }, updated_at: LATER, version: 2 },
        { stage: 'live', settings: { site_title: 'Live title', footer_text: 'Live footer' }, stored: { site_title: 'Live title', footer_text: 'Live footer' }, updated_at: LATER, version: 2 },
      ]));

  it('keeps the draft version of a publish that changes nothing the draft reads', () =>
    given(draftSaved({ site_title: 'Draft title' }))
      .given(published({ site_title: 'Live title' }))
      .then('SELECT stage, settings, updated_at, version FROM rm.site_settings ORDER BY stage', [
        { stage: 'draft', settings: { site_title: 'Draft title' }, updated_at: GIVEN.occurredAt, version: 1 },
        { stage: 'live', settings: { site_title: 'Live title' }, updated_at: LATER, version: 2 },
      ]));

  it('changes the draft on a pull from live, a snapshot restore and a restore from history', () =>
    given(published({ site_title: 'Live title', footer_text: 'Live footer' }), draftSaved({ site_title: 'Mine', hero_title: 'Hero' }))
      .given({ type: 'DraftPulledFromLive', data: { changes: { site_title: 'Live title', hero_title: null } } })
      .given({ type: 'SnapshotRestored', data: { snapshotId: 's1', label: 'Spring', changes: { hero_title: 'Spring hero' } } })
      .given({ type: 'DraftRestoredFromHistory', data: { fromPosition: 2, fromOccurredAt: GIVEN.occurredAt, stage: 'draft', changes: { footer_text: 'Old footer' } } })
      .then("SELECT settings, stored, version FROM rm.site_settings WHERE stage = 'draft'", [
        {
          settings: { site_title: 'Live title', hero_title: 'Spring hero', footer_text: 'Old footer' },
          stored: { site_title: 'Live title', hero_title: 'Spring hero', footer_text: 'Old footer' },
          version: 5,
        },
      ]));

  it('changes live on a media-reference rewrite and a rollback, and the draft that reads through', () =>
    given(published({ site_title: 'Live title', hero_image_url: '/media/a.png' }), draftSaved({ hero_title: 'Hero' }))
      .given({ type: 'MediaReferencesRewritten', data: { stage: 'live', replacements: [{ from: '/media/a.png', to: '/media/b.png' }], fields: ['hero_image_url'], count: 1, changes: { hero_image_url: '/media/b.png' } } })
      .given({ type: 'LiveRolledBack', data: { toPosition: 1, toOccurredAt: LATER, changes: { site_title: 'Old title' } } })
      .then("SELECT stage, settings, version FROM rm.site_settings ORDER BY stage", [
        { stage: 'draft', settings: { site_title: 'Old title', hero_image_url: '/media/b.png', hero_title: 'Hero' }, version: 4 },
        { stage: 'live', settings: { site_title: 'Old title', hero_image_url: '/media/b.png' }, version: 4 },
      ]));

  it('rewrites media references of the draft in the draft row only', () =>
    given(published({ site_title: 'Live title' }), draftSaved({ hero_image_url: '/media/a.png' }))
      .given({ type: 'MediaReferencesRewritten', data: { stage: 'draft', replacements: [{ from: '/media/a.png', to: '/media/b.png' }], fields: ['hero_image_url'], count: 1, changes: { hero_image_url: '/media/b.png' } } })
      .then("SELECT stage, stored, version FROM rm.site_settings ORDER BY stage", [
        { stage: 'draft', stored: { hero_image_url: '/media/b.png' }, version: 3 },
        { stage: 'live', stored: { site_title: 'Live title' }, version: 1 },
      ]));

  it('keeps snapshots as versions: saved as draft, marked published by the publish that used one, gone when deleted', () =>
    given(snapshotSaved('s1', 'Spring', { site_title: 'Spring' }), snapshotSaved('s2', null, { site_title: 'Summer' }), published({ site_title: 'Spring' }, 's1'))
      .given({ type: 'SnapshotDeleted', data: { snapshotId: 's2', label: null } })
      .then(SNAPSHOTS, [
        { id: 's1', label: 'Spring', stage: 'draft', status: 'published', created_at: GIVEN.occurredAt, author_email: ADA, settings: { site_title: 'Spring' }, position: 1, published_position: 3 },
      ]));

  it('keeps the lock as last granted: a refresh moves its expiry, not when it was acquired', () =>
    given(lockAcquired(ADA, '2025-03-01T12:00:00.000Z'))
      .given({ type: 'LockRefreshed', data: { holderEmail: ADA, ttlSeconds: 600, refreshedAt: '2025-03-01T12:04:00.000Z', expiresAt: '2025-03-01T12:14:00.000Z' } })
      .then(LOCK, [{ id: 'site', holder_email: ADA, acquired_at: '2025-03-01T12:00:00.000Z', expires_at: '2025-03-01T12:14:00.000Z', ttl_seconds: 600 }]));

  it('drops the lock its holder releases, keeps it when another editor releases, and records a takeover', () =>
    given(lockAcquired(ADA, '2025-03-01T12:00:00.000Z'), { type: 'LockReleased', data: { holderEmail: ADA, reason: 'released' } })
      .given(lockAcquired(BOB, '2025-03-01T13:00:00.000Z', ADA), { type: 'LockReleased', data: { holderEmail: ADA, reason: 'page-closed' } })
      .then(LOCK, [{ id: 'site', holder_email: BOB, acquired_at: '2025-03-01T13:00:00.000Z', expires_at: '2025-03-01T13:05:00.000Z', ttl_seconds: 300 }]));

  it('is what the settings read service answers for the lock', () =>
    given(lockAcquired(BOB, '2025-03-01T13:00:00.000Z')).then((db) => new SettingsReadService(db).getLock(new Date('2025-03-01T13:01:00.000Z')), {
      holder_email: BOB,
      acquired_at: '2025-03-01T13:00:00.000Z',
      expires_at: '2025-03-01T13:05:00.000Z',
    }));

  it('leaves every table alone for schedules, and for site events on other streams', () =>
    given(
      { type: 'PublishScheduled', data: { scheduleId: 'p1', snapshotId: 's1', snapshotLabel: null, at: LATER, createdBy: ADA, createdAt: GIVEN.occurredAt } },
      { type: 'ScheduledPublishCancelled', data: { scheduleId: 'p1', snapshotId: 's1', at: LATER, reason: 'cancelled', cancelledBy: ADA } },
      { ...draftSaved({ site_title: 'Elsewhere' }), streamId: 'site-copy' },
      { ...lockAcquired(ADA, GIVEN.occurredAt), streamId: 'site-copy' },
    ).then(COUNTS, [{ stages: 0, snapshots: 0, locks: 0 }]));

  it('keeps each show\'s calendar SEQUENCE with the live versions: date or link changes count, edits of anything else and drafts do not (issue 31)', () => {
    const show = (date: string, link = 'https://t.example/1', extra: Record<string, string> = {}) => ({ events_upcoming: [{ title: 'Late Show', date, venue: 'The Cellar', link, ...extra }] });
    const other = { title: 'Other', date: 'June 1, 2031', venue: 'Pier 9', link: '' };
    const key = showCalendarKey({ title: 'Late Show', venue: 'The Cellar' });
    return given(
      published(show('June 12, 2031')),
      published({ ...show('June 12, 2031', 'https://t.example/1', { description: 'New words' }) }),
      draftSaved(show('June 20, 2031')),
      published(show('June 13, 2031')),
      published({ events_upcoming: [other] }),
      { type: 'LiveRolledBack', data: { toPosition: 1, toOccurredAt: LATER, changes: show('June 12, 2031') } },
      published(show(' June 12, 2031 ', 'https://t.example/2')),
    ).then('SELECT show_key, identity, sequence FROM rm.show_sequences ORDER BY show_key', [
      { show_key: key, identity: 'June 12, 2031|https://t.example/2', sequence: 3 },
      { show_key: showCalendarKey(other), identity: 'June 1, 2031|', sequence: 0 },
    ].sort((a, b) => (a.show_key < b.show_key ? -1 : 1)));
  });
});
