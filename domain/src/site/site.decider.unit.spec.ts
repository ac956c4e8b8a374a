import { DomainError } from '../errors/domain-error';
import { normaliseSettings, type StoredSettings } from '../settings';
import type { SiteCommand } from './site.commands';
import { decideSite, LOCK_TTL_MIN_SECONDS, SITE_TEXTS } from './site.decider';
import type { SiteEvent } from './site.events';
import { foldSite } from './site.state';
import { deciderSpecification } from '../test-support/decider-specification';
import { siteDecider } from './site.aggregate';

const T0 = '2025-04-01T12:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const ANA = 'ana@punchline.example';
const BO = 'bo@punchline.example';
const meta = (actorEmail = ANA, now = T0) => ({ actorEmail, now });

const given = deciderSpecification(siteDecider);

const lockAcquired = (holderEmail: string, acquiredAt = T0, ttlSeconds = 300): SiteEvent => ({
  type: 'LockAcquired',
  data: { holderEmail, ttlSeconds, acquiredAt, expiresAt: new Date(Date.parse(acquiredAt) + ttlSeconds * 1000).toISOString(), previousHolderEmail: null },
});
const published = (settings: StoredSettings): SiteEvent => ({ type: 'Published', data: { snapshotId: null, settings, changes: {} } });
const draftSaved = (changes: StoredSettings): SiteEvent => ({ type: 'DraftSaved', data: { changes } });
const snapshotSaved = (snapshotId: string, settings: StoredSettings, label: string | null = null): SiteEvent => ({
  type: 'SnapshotSaved',
  data: { snapshotId, label, stage: 'draft', authorEmail: ANA, createdAt: T0, settings },
});

describe('AcquireLock', () => {
  it('grants a free lock for the requested TTL (default 300 s), lower-casing the holder', () => {
    given()
      .when({ type: 'AcquireLock', data: {}, metadata: meta('  Ana@Punchline.EXAMPLE ') })
      .then([{ type: 'LockAcquired', data: { holderEmail: ANA, ttlSeconds: 300, acquiredAt: T0, expiresAt: at(300), previousHolderEmail: null } }]);
    given()
      .when({ type: 'AcquireLock', data: { ttlSeconds: 60 }, metadata: meta() })
      .then([{ type: 'LockAcquired', data: { holderEmail: ANA, ttlSeconds: 60, acquiredAt: T0, expiresAt: at(60), previousHolderEmail: null } }]);
  });

  it('refreshes a lock the actor already holds, whatever the case of the email', () => {
    given(lockAcquired(ANA))
      .when({ type: 'AcquireLock', data: { ttlSeconds: 300 }, metadata: meta('ANA@punchline.example', at(60)) })
      .then([{ type: 'LockRefreshed', data: { holderEmail: ANA, ttlSeconds: 300, refreshedAt: at(60), expiresAt: at(360) } }]);
  });

  it('is refused while another editor holds an unexpired lock', () => {
    given(lockAcquired(BO)).when({ type: 'AcquireLock', data: {}, metadata: meta(ANA, at(299)) }).thenFails('LOCKED', 'Draft locked by another editor.');
  });

  it('takes over an expired lock, naming the previous holder', () => {
    given(lockAcquired(BO))
      .when({ type: 'AcquireLock', data: {}, metadata: meta(ANA, at(300)) })
      .then([{ type: 'LockAcquired', data: { holderEmail: ANA, ttlSeconds: 300, acquiredAt: at(300), expiresAt: at(600), previousHolderEmail: BO } }]);
  });

  it('re-acquires (not refreshes) the actor’s own expired lock', () => {
    given(lockAcquired(ANA))
      .when({ type: 'AcquireLock', data: {}, metadata: meta(ANA, at(400)) })
      .then([{ type: 'LockAcquired', data: { holderEmail: ANA, ttlSeconds: 300, acquiredAt: at(400), expiresAt: at(700), previousHolderEmail: null } }]);
  });

  it.each([[29], [3601], [12.5], [Number.NaN]])('refuses a TTL of %d seconds', (ttlSeconds) => {
    given().when({ type: 'AcquireLock', data: { ttlSeconds }, metadata: meta() }).thenFails('INVALID_INPUT', SITE_TEXTS.ttlOutOfRange);
  });

  it('refuses a command without an actor or with an unreadable time', () => {
    given().when({ type: 'AcquireLock', data: {}, metadata: meta('  ') }).thenFails('INVALID_INPUT', SITE_TEXTS.actorRequired);
    given().when({ type: 'AcquireLock', data: {}, metadata: meta(ANA, 'yesterday') }).thenFails('INVALID_INPUT', SITE_TEXTS.badTime);
  });
});

describe('ReleaseLock', () => {
  it('releases the actor’s lock with a reason', () => {
    given(lockAcquired(ANA))
      .when({ type: 'ReleaseLock', data: { reason: 'page-closed' }, metadata: meta('Ana@punchline.example', at(10)) })
      .then([{ type: 'LockReleased', data: { holderEmail: ANA, reason: 'page-closed' } }]);
    given(lockAcquired(ANA)).when({ type: 'ReleaseLock', data: {}, metadata: meta() }).then([{ type: 'LockReleased', data: { holderEmail: ANA, reason: 'released' } }]);
  });

  it('lets the holder clear their own expired lock', () => {
    given(lockAcquired(ANA))
      .when({ type: 'ReleaseLock', data: {}, metadata: meta(ANA, at(1000)) })
      .then([{ type: 'LockReleased', data: { holderEmail: ANA, reason: 'released' } }]);
  });

  it('is a no-op for a non-holder (beacons come from every open page) and when no lock exists', () => {
    given(lockAcquired(BO)).when({ type: 'ReleaseLock', data: {}, metadata: meta(ANA) }).thenNothing();
    given().when({ type: 'ReleaseLock', data: {}, metadata: meta(ANA) }).thenNothing();
    given(lockAcquired(ANA), { type: 'LockReleased', data: { holderEmail: ANA, reason: 'released' } })
      .when({ type: 'ReleaseLock', data: {}, metadata: meta(ANA) })
      .thenNothing();
  });

  it('refuses an unknown reason', () => {
    given(lockAcquired(ANA))
      .when({ type: 'ReleaseLock', data: { reason: 'bored' as never }, metadata: meta() })
      .thenFails('INVALID_INPUT', SITE_TEXTS.badReason);
  });
});

describe('SaveDraft', () => {
  it('records only the fields that changed from the draft view, normalised', () => {
    given(published({ site_title: 'Punchline', theme_accent: '#FFD700' }), lockAcquired(ANA))
      .when({ type: 'SaveDraft', data: { settings: { site_title: 'Punchline', theme_accent: 'f00', footer_links: [{ label: 'IG', url: 'instagram.com/p' }] } }, metadata: meta(ANA, at(5)) })
      .then([{ type: 'DraftSaved', data: { changes: { theme_accent: '#FF0000', footer_links: [{ label: 'IG', url: 'https://instagram.com/p' }] } } }]);
  });

  it('records a save that changed nothing with empty changes (every admin action is audited)', () => {
    given(published({ site_title: 'Punchline' }), draftSaved({ hero_title: 'Hi' }), lockAcquired(ANA))
      .when({ type: 'SaveDraft', data: { settings: { site_title: 'Punchline', hero_title: ' Hi ', updated_at: 'ignored' } }, metadata: meta() })
      .then([{ type: 'DraftSaved', data: { changes: {} } }]);
  });

  it('is refused without the lock, with another’s lock, or after the lock expired', () => {
    const save: SiteCommand = { type: 'SaveDraft', data: { settings: { site_title: 'X' } }, metadata: meta(ANA, at(10)) };
    given().when(save).thenFails('LOCKED', SITE_TEXTS.lockRequired);
    given(lockAcquired(BO)).when(save).thenFails('LOCKED', 'Draft locked by another editor.');
    given(lockAcquired(ANA, at(-400))).when(save).thenFails('LOCKED', SITE_TEXTS.lockRequired);
  });

  it('refuses invalid settings with every error in the details', () => {
    let caught: DomainError | undefined;
    try {
      decideSite(foldSite([lockAcquired(ANA)]), { type: 'SaveDraft', data: { settings: { logo_url: 'javascript:alert(1)', nope: 1 } }, metadata: meta() });
    } catch (error) {
      caught = error as DomainError;
    }
    expect(caught?.code).toBe('INVALID_INPUT');
    expect(caught?.message).toBe('Unknown setting: nope. logo_url: This link is not allowed: javascript:, data: and vbscript: links are blocked.');
    expect(caught?.details).toEqual({
      errors: [
        { field: 'logo_url', message: 'This link is not allowed: javascript:, data: and vbscript: links are blocked.' },
        { field: 'nope', message: 'Unknown setting "nope".' },
      ],
    });
  });
});

describe('PullLive', () => {
  it('resets the draft to live, recording what the draft view changed to', () => {
    given(published({ site_title: 'Live', hero_title: 'Live hero' }), draftSaved({ site_title: 'Draft', who_title: 'Draft only' }))
      .when({ type: 'PullLive', data: {}, metadata: meta() })
      .then([{ type: 'DraftPulledFromLive', data: { changes: { site_title: 'Live', who_title: null } } }]);
  });

  it('is allowed for the lock holder', () => {
    given(published({ site_title: 'Live' }), draftSaved({ site_title: 'Draft' }), lockAcquired(ANA))
      .when({ type: 'PullLive', data: {}, metadata: meta() })
      .then([{ type: 'DraftPulledFromLive', data: { changes: { site_title: 'Live' } } }]);
  });

  it('records a pull that changed nothing with empty changes when the draft view already equals live', () => {
    given(published({ site_title: 'Live' }), draftSaved({ site_title: 'Live' }))
      .when({ type: 'PullLive', data: {}, metadata: meta() })
      .then([{ type: 'DraftPulledFromLive', data: { changes: {} } }]);
  });

  it('is refused while another editor holds the lock', () => {
    given(draftSaved({ site_title: 'Draft' }), lockAcquired(BO)).when({ type: 'PullLive', data: {}, metadata: meta() }).thenFails('LOCKED', 'Draft locked by another editor.');
  });
});

describe('SaveSnapshot', () => {
  it('saves the draft view with a trimmed label, the author and the time', () => {
    given(published({ site_title: 'Live', hero_title: 'Hero' }), draftSaved({ site_title: 'Draft' }))
      .when({ type: 'SaveSnapshot', data: { label: '  Before launch ' }, metadata: { ...meta(BO, at(30)), snapshotId: 'snap-1' } })
      .then([
        {
          type: 'SnapshotSaved',
          data: { snapshotId: 'snap-1', label: 'Before launch', stage: 'draft', authorEmail: BO, createdAt: at(30), settings: { site_title: 'Draft', hero_title: 'Hero' } },
        },
      ]);
  });

  it('stores a blank label as null and is allowed while another editor holds the lock (it changes nothing)', () => {
    given(lockAcquired(BO))
      .when({ type: 'SaveSnapshot', data: { label: '   ' }, metadata: { ...meta(), snapshotId: 'snap-2' } })
      .then([{ type: 'SnapshotSaved', data: { snapshotId: 'snap-2', label: null, stage: 'draft', authorEmail: ANA, createdAt: T0, settings: {} } }]);
  });

  it('refuses a reused id or an overlong label', () => {
    given(snapshotSaved('snap-1', {}))
      .when({ type: 'SaveSnapshot', data: {}, metadata: { ...meta(), snapshotId: 'snap-1' } })
      .thenFails('INVALID_INPUT', SITE_TEXTS.snapshotIdTaken);
    given()
      .when({ type: 'SaveSnapshot', data: { label: 'x'.repeat(201) }, metadata: { ...meta(), snapshotId: 'snap-3' } })
      .thenFails('INVALID_INPUT', SITE_TEXTS.labelTooLong);
  });
});

describe('RestoreSnapshot', () => {
  it('overwrites the draft with the snapshot, recording what the draft view changed to', () => {
    given(published({ site_title: 'Live' }), snapshotSaved('s1', { site_title: 'Old', hero_title: 'Old hero' }, 'v1'), draftSaved({ site_title: 'New', who_title: 'Added' }))
      .when({ type: 'RestoreSnapshot', data: { snapshotId: 's1' }, metadata: meta() })
      .then([{ type: 'SnapshotRestored', data: { snapshotId: 's1', label: 'v1', changes: { site_title: 'Old', hero_title: 'Old hero', who_title: null } } }]);
  });

  it('records a restore that changed nothing with empty changes when the draft view already equals the snapshot', () => {
    given(snapshotSaved('s1', { site_title: 'Same' }), draftSaved({ site_title: 'Same' }))
      .when({ type: 'RestoreSnapshot', data: { snapshotId: 's1' }, metadata: meta() })
      .then([{ type: 'SnapshotRestored', data: { snapshotId: 's1', label: null, changes: {} } }]);
  });

  it('is refused for an unknown snapshot and while another editor holds the lock', () => {
    given().when({ type: 'RestoreSnapshot', data: { snapshotId: 'nope' }, metadata: meta() }).thenFails('NOT_FOUND', SITE_TEXTS.snapshotNotFound);
    given(snapshotSaved('s1', { site_title: 'Old' }), lockAcquired(BO))
      .when({ type: 'RestoreSnapshot', data: { snapshotId: 's1' }, metadata: meta() })
      .thenFails('LOCKED');
  });
});

describe('DeleteSnapshot', () => {
  it('deletes a snapshot, keeping its label for the record', () => {
    given(snapshotSaved('s1', {}, 'v1'))
      .when({ type: 'DeleteSnapshot', data: { snapshotId: 's1' }, metadata: meta() })
      .then([{ type: 'SnapshotDeleted', data: { snapshotId: 's1', label: 'v1' } }]);
  });

  it('is refused for an unknown or already deleted snapshot', () => {
    given(snapshotSaved('s1', {}), { type: 'SnapshotDeleted', data: { snapshotId: 's1', label: null } })
      .when({ type: 'DeleteSnapshot', data: { snapshotId: 's1' }, metadata: meta() })
      .thenFails('NOT_FOUND', SITE_TEXTS.snapshotNotFound);
  });
});

describe('Publish', () => {
  it('publishes the draft view over live, with the changes', () => {
    given(published({ site_title: 'Live', hero_title: 'Hero' }), draftSaved({ site_title: 'Draft' }), lockAcquired(ANA))
      .when({ type: 'Publish', data: {}, metadata: meta() })
      .then([{ type: 'Published', data: { snapshotId: null, settings: { site_title: 'Draft', hero_title: 'Hero' }, changes: { site_title: 'Draft' } } }]);
  });

  it('publishes a chosen snapshot’s settings, not the current draft', () => {
    given(published({ site_title: 'Live' }), snapshotSaved('s1', { site_title: 'Snap' }), draftSaved({ site_title: 'Later draft' }))
      .when({ type: 'Publish', data: { snapshotId: 's1' }, metadata: meta() })
      .then([{ type: 'Published', data: { snapshotId: 's1', snapshotLabel: null, settings: { site_title: 'Snap' }, changes: { site_title: 'Snap' } } }]);
  });

  it('is recorded even when nothing changed (every publish is audited)', () => {
    given(published({ site_title: 'Live' }))
      .when({ type: 'Publish', data: {}, metadata: meta() })
      .then([{ type: 'Published', data: { snapshotId: null, settings: { site_title: 'Live' }, changes: {} } }]);
  });

  it('is refused while another editor holds the lock, and for an unknown snapshot', () => {
    given(draftSaved({ site_title: 'D' }), lockAcquired(BO)).when({ type: 'Publish', data: {}, metadata: meta() }).thenFails('LOCKED', 'Draft locked by another editor.');
    given().when({ type: 'Publish', data: { snapshotId: 'nope' }, metadata: meta() }).thenFails('NOT_FOUND');
  });
});

describe('RewriteMediaReferences', () => {
  const rename = { from: '/media/a.png', to: '/media/b.png' };

  it('rewrites draft and live separately, naming fields and counts', () => {
    given(published({ logo_url: '/media/a.png' }), draftSaved({ hero_image_url: '/media/a.png', who_image_url: '/media/a.png' }))
      .when({ type: 'RewriteMediaReferences', data: { replacements: [rename] }, metadata: meta() })
      .then([
        {
          type: 'MediaReferencesRewritten',
          data: { stage: 'draft', replacements: [rename], fields: ['hero_image_url', 'who_image_url'], count: 2, changes: { hero_image_url: '/media/b.png', who_image_url: '/media/b.png' } },
        },
        { type: 'MediaReferencesRewritten', data: { stage: 'live', replacements: [rename], fields: ['logo_url'], count: 1, changes: { logo_url: '/media/b.png' } } },
      ]);
  });

  it('records nothing when no field uses the file, and needs no lock', () => {
    given(published({ logo_url: '/media/x.png' }), lockAcquired(BO)).when({ type: 'RewriteMediaReferences', data: { replacements: [rename] }, metadata: meta() }).thenNothing();
  });

  it('refuses a replacement to a refused link', () => {
    given()
      .when({ type: 'RewriteMediaReferences', data: { replacements: [{ from: '/media/a.png', to: 'javascript:alert(1)' }] }, metadata: meta() })
      .thenFails('INVALID_INPUT', SITE_TEXTS.badReplacement);
  });
});

describe('Scheduled publishing', () => {
  const spring: StoredSettings = { site_title: 'Spring season' };
  const scheduled = (scheduleId: string, at: string, createdBy = ANA): SiteEvent => ({
    type: 'PublishScheduled',
    data: { scheduleId, snapshotId: 'snap-1', snapshotLabel: 'Spring', at, createdBy, createdAt: T0 },
  });
  const schedule = (at: string, actorEmail = ANA, snapshotId = 'snap-1'): SiteCommand => ({
    type: 'SchedulePublish',
    data: { at, snapshotId },
    metadata: { actorEmail, now: T0, scheduleId: 'sched-1' },
  });
  const run = (now: string): SiteCommand => ({ type: 'RunScheduledPublish', data: { scheduleId: 'sched-1' }, metadata: { actorEmail: 'scheduler', now } });

  it('schedules a snapshot for a future instant, normalised to UTC, even while another editor holds the lock', () => {
    given(snapshotSaved('snap-1', spring, 'Spring'), lockAcquired(BO))
      .when(schedule('2025-04-01T16:00:00+02:00'))
      .then([scheduled('sched-1', '2025-04-01T14:00:00.000Z')]);
  });

  it('refuses a time in the past or now, an unreadable time, a year typo, and an unknown snapshot', () => {
    given(snapshotSaved('snap-1', spring)).when(schedule(T0)).thenFails('INVALID_INPUT', SITE_TEXTS.scheduleInPast);
    given(snapshotSaved('snap-1', spring)).when(schedule(at(-60))).thenFails('INVALID_INPUT', SITE_TEXTS.scheduleInPast);
    given(snapshotSaved('snap-1', spring)).when(schedule('next friday')).thenFails('INVALID_INPUT', SITE_TEXTS.scheduleTimeInvalid);
    given(snapshotSaved('snap-1', spring)).when(schedule('2206-04-01T12:00:00Z')).thenFails('INVALID_INPUT', SITE_TEXTS.scheduleTooFar);
    given().when(schedule(at(60))).thenFails('NOT_FOUND', SITE_TEXTS.snapshotNotFound);
  });

  it('runs once when due, in the name of the admin who scheduled it, saying how late it ran', () => {
    given(snapshotSaved('snap-1', spring, 'Spring'), scheduled('sched-1', at(60)))
      .when(run(at(95)))
      .then([
        {
          type: 'Published',
          data: {
            snapshotId: 'snap-1',
            snapshotLabel: 'Spring',
            settings: spring,
            changes: { site_title: 'Spring season' },
            schedule: { scheduleId: 'sched-1', scheduledBy: ANA, scheduledFor: at(60), lateBySeconds: 35 },
          },
        },
      ]);
    const ran: SiteEvent = {
      type: 'Published',
      data: { snapshotId: 'snap-1', settings: spring, changes: {}, schedule: { scheduleId: 'sched-1', scheduledBy: ANA, scheduledFor: at(60), lateBySeconds: 0 } },
    };
    // A second instance (or a restart) deciding the same schedule again records nothing.
    given(snapshotSaved('snap-1', spring), scheduled('sched-1', at(60)), ran).when(run(at(120))).thenNothing();
  });

  it('does nothing before its time', () => {
    given(snapshotSaved('snap-1', spring), scheduled('sched-1', at(60))).when(run(at(59))).thenNothing();
  });

  it('follows the manual publish rules when it runs: refused while another editor holds the lock, fine with its own', () => {
    given(snapshotSaved('snap-1', spring), scheduled('sched-1', at(60)), lockAcquired(BO, at(30)))
      .when(run(at(60)))
      .thenFails('LOCKED', SITE_TEXTS.lockedByAnother);
    given(snapshotSaved('snap-1', spring), scheduled('sched-1', at(60)), lockAcquired(ANA, at(30)))
      .when(run(at(60)))
      .then([
        {
          type: 'Published',
          data: {
            snapshotId: 'snap-1',
            snapshotLabel: null,
            settings: spring,
            changes: { site_title: 'Spring season' },
            schedule: { scheduleId: 'sched-1', scheduledBy: ANA, scheduledFor: at(60), lateBySeconds: 0 },
          },
        },
      ]);
  });

  it('cancels a pending schedule (any admin), and refuses one that no longer waits', () => {
    given(snapshotSaved('snap-1', spring), scheduled('sched-1', at(60)))
      .when({ type: 'CancelScheduledPublish', data: { scheduleId: 'sched-1' }, metadata: meta(BO) })
      .then([{ type: 'ScheduledPublishCancelled', data: { scheduleId: 'sched-1', snapshotId: 'snap-1', at: at(60), reason: 'cancelled', cancelledBy: BO } }]);
    given(snapshotSaved('snap-1', spring))
      .when({ type: 'CancelScheduledPublish', data: { scheduleId: 'sched-1' }, metadata: meta() })
      .thenFails('NOT_FOUND', SITE_TEXTS.scheduleNotFound);
  });

  it('deleting the snapshot cancels its schedules with that reason, and a cancelled schedule never runs', () => {
    const cancelled: SiteEvent = { type: 'ScheduledPublishCancelled', data: { scheduleId: 'sched-1', snapshotId: 'snap-1', at: at(60), reason: 'snapshot-deleted', cancelledBy: ANA } };
    given(snapshotSaved('snap-1', spring, 'Spring'), scheduled('sched-1', at(60)))
      .when({ type: 'DeleteSnapshot', data: { snapshotId: 'snap-1' }, metadata: meta() })
      .then([cancelled, { type: 'SnapshotDeleted', data: { snapshotId: 'snap-1', label: 'Spring' } }]);
    given(snapshotSaved('snap-1', spring), scheduled('sched-1', at(60)), cancelled).when(run(at(90))).thenNothing();
  });
});

describe('History: RollbackLive and RestoreDraftFromHistory (DESIGN §13)', () => {
  const T_PUBLISH = '2025-05-12T21:04:00.000Z';

  it('rolls live back to the record given, recording what changes; the draft is untouched', () => {
    given(published({ site_title: 'Old', hero_title: 'A' }), published({ site_title: 'New', hero_title: 'A', footer_text: 'F' }), draftSaved({ hero_title: 'Draft' }))
      .when({ type: 'RollbackLive', data: { toPosition: 1, toOccurredAt: T_PUBLISH, settings: { site_title: 'Old', hero_title: 'A' } }, metadata: meta() })
      .then([{ type: 'LiveRolledBack', data: { toPosition: 1, toOccurredAt: T_PUBLISH, changes: { site_title: 'Old', footer_text: null } } }]);
  });

  it('records a rollback to the current state with empty changes, and refuses one while another editor holds the lock', () => {
    given(published({ site_title: 'Same' }))
      .when({ type: 'RollbackLive', data: { toPosition: 1, toOccurredAt: T_PUBLISH, settings: { site_title: 'Same' } }, metadata: meta() })
      .then([{ type: 'LiveRolledBack', data: { toPosition: 1, toOccurredAt: T_PUBLISH, changes: {} } }]);
    given(published({ site_title: 'Same' }), lockAcquired(BO))
      .when({ type: 'RollbackLive', data: { toPosition: 1, toOccurredAt: T_PUBLISH, settings: {} }, metadata: meta() })
      .thenFails('LOCKED', SITE_TEXTS.lockedByAnother);
    given().when({ type: 'RollbackLive', data: { toPosition: -1, toOccurredAt: T_PUBLISH, settings: {} }, metadata: meta() }).thenFails('INVALID_INPUT', SITE_TEXTS.badHistoryPoint);
  });

  it('restores a past record into the draft view for the lock holder only', () => {
    given(published({ site_title: 'Live' }), draftSaved({ site_title: 'Draft', hero_title: 'H' }), lockAcquired(ANA))
      .when({ type: 'RestoreDraftFromHistory', data: { fromPosition: 3, fromOccurredAt: T_PUBLISH, stage: 'draft', settings: { site_title: 'Earlier' } }, metadata: meta() })
      .then([{ type: 'DraftRestoredFromHistory', data: { fromPosition: 3, fromOccurredAt: T_PUBLISH, stage: 'draft', changes: { site_title: 'Earlier', hero_title: null } } }]);
    given(published({ site_title: 'Live' }), lockAcquired(BO))
      .when({ type: 'RestoreDraftFromHistory', data: { fromPosition: 3, fromOccurredAt: T_PUBLISH, stage: 'live', settings: {} }, metadata: meta() })
      .thenFails('LOCKED', SITE_TEXTS.lockedByAnother);
  });

  it('restores a point before any site event as the defaults, not as today\'s live (a field set only later reads as its default)', () => {
    const defaults = normaliseSettings({}, 'public');
    given(published({ site_title: 'Live', hero_title: 'Now' }), lockAcquired(ANA))
      .when({ type: 'RestoreDraftFromHistory', data: { fromPosition: 0, fromOccurredAt: T_PUBLISH, stage: 'live', settings: {} }, metadata: meta() })
      .then([{ type: 'DraftRestoredFromHistory', data: { fromPosition: 0, fromOccurredAt: T_PUBLISH, stage: 'live', changes: { site_title: defaults.site_title, hero_title: defaults.hero_title } } }]);
    given(published({ site_title: 'Live', hero_title: 'Now' }), lockAcquired(ANA))
      .when({ type: 'RestoreDraftFromHistory', data: { fromPosition: 1, fromOccurredAt: T_PUBLISH, stage: 'live', settings: { site_title: 'Then' } }, metadata: meta() })
      .then([{ type: 'DraftRestoredFromHistory', data: { fromPosition: 1, fromOccurredAt: T_PUBLISH, stage: 'live', changes: { site_title: 'Then', hero_title: defaults.hero_title } } }]);
  });

  it('takes a free lock for the restore and gives it back in the same append (issue 25: Site history keeps no lock)', () => {
    given(published({ site_title: 'Live' }), draftSaved({ hero_title: 'H' }))
      .when({ type: 'RestoreDraftFromHistory', data: { fromPosition: 1, fromOccurredAt: T_PUBLISH, stage: 'live', settings: { site_title: 'Live' } }, metadata: meta() })
      .then([
        { type: 'LockAcquired', data: { holderEmail: ANA, ttlSeconds: LOCK_TTL_MIN_SECONDS, acquiredAt: T0, expiresAt: at(LOCK_TTL_MIN_SECONDS), previousHolderEmail: null } },
        { type: 'DraftRestoredFromHistory', data: { fromPosition: 1, fromOccurredAt: T_PUBLISH, stage: 'live', changes: { hero_title: null } } },
        { type: 'LockReleased', data: { holderEmail: ANA, reason: 'released' } },
      ]);
  });
});
