/** The site aggregate's state, folded from its stream by `evolveSite`, and read-only questions about it. */
import { assertNever } from '../errors/domain-error';
import type { StoredSettings } from '../settings';
import { applySettingsChanges, mergeDraftOverLive, SNAPSHOT_LIST_LIMIT } from '../settings';
import type { SiteEvent, SnapshotStage, SnapshotStatus } from './site.events';

export interface DraftLock {
  holderEmail: string;
  acquiredAt: string;
  expiresAt: string;
  ttlSeconds: number;
}

export interface SiteSnapshot {
  id: string;
  label: string | null;
  stage: SnapshotStage;
  status: SnapshotStatus;
  createdAt: string;
  authorEmail: string;
  settings: StoredSettings;
}

/** A publish waiting for its time. */
export interface PendingSchedule {
  id: string;
  snapshotId: string;
  snapshotLabel: string | null;
  at: string;
  createdBy: string;
  createdAt: string;
}

export interface SiteState {
  /** The last lock granted; it may have expired since (see `activeLock`). */
  lock: DraftLock | null;
  /** Stored draft values; unset fields read through to live. */
  draft: StoredSettings;
  live: StoredSettings;
  /** Oldest first. */
  snapshots: SiteSnapshot[];
  /** Scheduled publishes not yet run or cancelled, in the order they were made. */
  schedules: PendingSchedule[];
  /** Stream revision of the last event folded in; -1 for a stream with no events. */
  revision: number;
}

export const initialSiteState: SiteState = { lock: null, draft: {}, live: {}, snapshots: [], schedules: [], revision: -1 };

export function evolveSite(state: SiteState, event: Pick<SiteEvent, 'type' | 'data'>): SiteState {
  const e = event as SiteEvent;
  const next = { ...state, revision: state.revision + 1 };
  switch (e.type) {
    case 'LockAcquired':
      return { ...next, lock: { holderEmail: e.data.holderEmail, acquiredAt: e.data.acquiredAt, expiresAt: e.data.expiresAt, ttlSeconds: e.data.ttlSeconds } };
    case 'LockRefreshed': {
      const acquiredAt = state.lock?.holderEmail === e.data.holderEmail ? state.lock.acquiredAt : e.data.refreshedAt;
      return { ...next, lock: { holderEmail: e.data.holderEmail, acquiredAt, expiresAt: e.data.expiresAt, ttlSeconds: e.data.ttlSeconds } };
    }
    case 'LockReleased':
      return { ...next, lock: state.lock?.holderEmail === e.data.holderEmail ? null : state.lock };
    case 'DraftSaved':
      return { ...next, draft: applySettingsChanges(state.draft, e.data.changes) };
    case 'DraftPulledFromLive':
    case 'SnapshotRestored':
      // Changes are computed on the draft view, so applying them to the stored draft yields exactly the new view.
      return { ...next, draft: applySettingsChanges(state.draft, e.data.changes) };
    case 'SnapshotSaved':
      return {
        ...next,
        snapshots: [
          ...state.snapshots,
          {
            id: e.data.snapshotId,
            label: e.data.label,
            stage: e.data.stage,
            status: 'draft',
            createdAt: e.data.createdAt,
            authorEmail: e.data.authorEmail,
            settings: e.data.settings,
          },
        ],
      };
    case 'SnapshotDeleted':
      return { ...next, snapshots: state.snapshots.filter((s) => s.id !== e.data.snapshotId) };
    case 'Published':
      return {
        ...next,
        live: e.data.settings,
        schedules: e.data.schedule ? state.schedules.filter((s) => s.id !== e.data.schedule?.scheduleId) : state.schedules,
        snapshots: e.data.snapshotId === null ? state.snapshots : state.snapshots.map((s) => (s.id === e.data.snapshotId ? { ...s, status: 'published' } : s)),
      };
    case 'MediaReferencesRewritten':
      return e.data.stage === 'draft'
        ? { ...next, draft: applySettingsChanges(state.draft, e.data.changes) }
        : { ...next, live: applySettingsChanges(state.live, e.data.changes) };
    case 'PublishScheduled':
      return {
        ...next,
        schedules: [
          ...state.schedules,
          { id: e.data.scheduleId, snapshotId: e.data.snapshotId, snapshotLabel: e.data.snapshotLabel, at: e.data.at, createdBy: e.data.createdBy, createdAt: e.data.createdAt },
        ],
      };
    case 'ScheduledPublishCancelled':
      return { ...next, schedules: state.schedules.filter((s) => s.id !== e.data.scheduleId) };
    case 'LiveRolledBack':
      return { ...next, live: applySettingsChanges(state.live, e.data.changes) };
    case 'DraftRestoredFromHistory':
      // Changes are computed on the draft view, as for a snapshot restore.
      return { ...next, draft: applySettingsChanges(state.draft, e.data.changes) };
    default:
      return assertNever(e, 'site event');
  }
}

/** Folds a whole stream (or its tail onto a cached state). */
export function foldSite(events: Iterable<Pick<SiteEvent, 'type' | 'data'>>, from: SiteState = initialSiteState): SiteState {
  let state = from;
  for (const event of events) state = evolveSite(state, event);
  return state;
}

export function normaliseActorEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The lock if it has not expired at `now` (ISO); an unparseable `now` counts as expired. */
export function activeLock(state: SiteState, now: string): DraftLock | null {
  if (!state.lock) return null;
  const t = Date.parse(now);
  return Number.isFinite(t) && t < Date.parse(state.lock.expiresAt) ? state.lock : null;
}

export type LockStatus = 'none' | 'mine' | 'other';

/** SPEC §4: none, held by me, locked by another (holders compared lower-cased). */
export function lockStatusFor(state: SiteState, actorEmail: string, now: string): LockStatus {
  const lock = activeLock(state, now);
  if (!lock) return 'none';
  return lock.holderEmail === normaliseActorEmail(actorEmail) ? 'mine' : 'other';
}

/** What the draft stage shows: the draft merged over live (SPEC §4). */
export function draftView(state: SiteState): StoredSettings {
  return mergeDraftOverLive(state.live, state.draft);
}

/** Snapshots newest first, at most `limit` (SPEC §9: 20). */
export function listSnapshots(state: SiteState, limit: number = SNAPSHOT_LIST_LIMIT): SiteSnapshot[] {
  return [...state.snapshots].reverse().slice(0, Math.max(0, limit));
}
