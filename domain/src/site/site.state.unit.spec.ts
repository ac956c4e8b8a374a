import { mergeDraftOverLive } from '../settings';
import type { SiteCommand } from './site.commands';
import { decideSite } from './site.decider';
import type { SiteEvent } from './site.events';
import type { SiteState } from './site.state';
import { activeLock, draftView, foldSite, initialSiteState, listSnapshots, lockStatusFor } from './site.state';

const T0 = '2025-04-01T12:00:00.000Z';
const T5 = '2025-04-01T12:05:00.000Z';

const history: SiteEvent[] = [
  { type: 'Published', data: { snapshotId: null, settings: { site_title: 'Live', hero_title: 'Hero' }, changes: {} } },
  { type: 'LockAcquired', data: { holderEmail: 'ana@x.example', ttlSeconds: 300, acquiredAt: T0, expiresAt: T5, previousHolderEmail: null } },
  { type: 'DraftSaved', data: { changes: { site_title: 'Draft' } } },
  { type: 'SnapshotSaved', data: { snapshotId: 's1', label: 'one', stage: 'draft', authorEmail: 'ana@x.example', createdAt: T0, settings: { site_title: 'Draft', hero_title: 'Hero' } } },
  { type: 'SnapshotSaved', data: { snapshotId: 's2', label: null, stage: 'draft', authorEmail: 'ana@x.example', createdAt: T0, settings: { site_title: 'Two' } } },
];

// These read models of the aggregate feed the lock and snapshot endpoints, so they are tested as queries.
describe('site state queries', () => {
  it('counts the stream revision from -1', () => {
    expect(initialSiteState.revision).toBe(-1);
    expect(foldSite(history).revision).toBe(4);
  });

  it('shows the draft merged over live', () => {
    expect(draftView(foldSite(history))).toEqual({ site_title: 'Draft', hero_title: 'Hero' });
  });

  it('reports the lock until it expires, by lower-cased holder', () => {
    const state = foldSite(history);
    expect(activeLock(state, T0)?.holderEmail).toBe('ana@x.example');
    expect(lockStatusFor(state, 'ANA@x.example', T0)).toBe('mine');
    expect(lockStatusFor(state, 'bo@x.example', T0)).toBe('other');
    expect(lockStatusFor(state, 'bo@x.example', T5)).toBe('none');
    expect(activeLock(state, 'not a time')).toBeNull();
  });

  it('lists snapshots newest first, marking the published one', () => {
    const state = foldSite([...history, { type: 'Published', data: { snapshotId: 's1', settings: { site_title: 'Draft', hero_title: 'Hero' }, changes: {} } }]);
    expect(listSnapshots(state).map((s) => [s.id, s.status])).toEqual([
      ['s2', 'draft'],
      ['s1', 'published'],
    ]);
    expect(listSnapshots(state, 1).map((s) => s.id)).toEqual(['s2']);
  });

  it('restores, pulls and deletes as the events say', () => {
    const restored = foldSite([...history, { type: 'SnapshotRestored', data: { snapshotId: 's2', label: null, changes: { site_title: 'Two' } } }]);
    expect(draftView(restored)).toEqual({ site_title: 'Two', hero_title: 'Hero' });
    const pulled = foldSite([...history, { type: 'DraftPulledFromLive', data: { changes: { site_title: 'Live' } } }]);
    expect(draftView(pulled)).toEqual({ site_title: 'Live', hero_title: 'Hero' });
    const deleted = foldSite([...history, { type: 'SnapshotDeleted', data: { snapshotId: 's1', label: 'one' } }]);
    expect(listSnapshots(deleted).map((s) => s.id)).toEqual(['s2']);
  });

  it('refreshes and releases the lock', () => {
    const refreshed = foldSite([...history, { type: 'LockRefreshed', data: { holderEmail: 'ana@x.example', ttlSeconds: 300, refreshedAt: T5, expiresAt: '2025-04-01T12:10:00.000Z' } }]);
    expect(activeLock(refreshed, T5)).toEqual({ holderEmail: 'ana@x.example', acquiredAt: T0, expiresAt: '2025-04-01T12:10:00.000Z', ttlSeconds: 300 });
    const released = foldSite([...history, { type: 'LockReleased', data: { holderEmail: 'ana@x.example', reason: 'signed-out' } }]);
    expect(released.lock).toBeNull();
  });

  it('applies rewritten media references to the named stage', () => {
    const state = foldSite([
      ...history,
      { type: 'MediaReferencesRewritten', data: { stage: 'live', replacements: [{ from: 'a', to: 'b' }], fields: ['logo_url'], count: 1, changes: { logo_url: '/b.png' } } },
    ]);
    expect(state.live.logo_url).toBe('/b.png');
    expect(state.draft.logo_url).toBeUndefined();
  });
});

describe('decide then evolve', () => {
  const run = (state: SiteState, command: SiteCommand) => foldSite(decideSite(state, command), state);
  const m = { actorEmail: 'ana@x.example', now: T0 };

  it('gives the draft view each command promises, also after live moves on', () => {
    let state = foldSite([...history, { type: 'DraftSaved', data: { changes: { who_title: 'Draft only' } } }]);
    state = run(state, { type: 'PullLive', data: {}, metadata: m });
    expect(draftView(state)).toEqual(state.live);

    state = run(state, { type: 'RestoreSnapshot', data: { snapshotId: 's1' }, metadata: m });
    expect(draftView(state)).toEqual(mergeDraftOverLive(state.live, state.snapshots[0].settings));

    state = run(state, { type: 'SaveDraft', data: { settings: { hero_title: 'New hero' } }, metadata: m });
    expect(draftView(state)).toEqual({ site_title: 'Draft', hero_title: 'New hero' });

    state = run(state, { type: 'Publish', data: { snapshotId: 's2' }, metadata: m });
    expect(state.live).toEqual({ site_title: 'Two', hero_title: 'Hero' });
    expect(draftView(state)).toEqual({ site_title: 'Draft', hero_title: 'New hero' });
  });
});
