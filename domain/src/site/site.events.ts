/**
 * Events of the site stream (DESIGN §7): one stream holds the draft lock, the draft and live
 * settings and the draft snapshots, so every decision about them is made from one history. Each
 * event carries what an auditor needs without reading any other event.
 */
import type { NewEventOf } from '../events/envelope';
import type { LinkReplacement, SettingsChanges, StoredSettings, WritableSettingsField } from '../settings';
import { eventTypeSet } from '../events/event-types';

export const SITE_STREAM = 'site';

export interface LockAcquiredData {
  /** Lower-cased. */
  holderEmail: string;
  ttlSeconds: number;
  acquiredAt: string;
  expiresAt: string;
  /** Set when an expired lock of another editor was taken over. */
  previousHolderEmail: string | null;
}

export interface LockRefreshedData {
  holderEmail: string;
  ttlSeconds: number;
  refreshedAt: string;
  expiresAt: string;
}

export const LOCK_RELEASE_REASONS = ['released', 'page-closed', 'signed-out'] as const;
export type LockReleaseReason = (typeof LOCK_RELEASE_REASONS)[number];

export interface LockReleasedData {
  holderEmail: string;
  reason: LockReleaseReason;
}

/** The fields that changed and their new values (null: no longer set in the draft). */
export interface DraftSavedData {
  changes: SettingsChanges;
}

/** The draft view now equals live; `changes` (on the draft view) are what it changed to. */
export interface DraftPulledFromLiveData {
  changes: SettingsChanges;
}

export type SnapshotStage = 'draft';
/** 'published' once a snapshot has been the source of a publish. */
export type SnapshotStatus = 'draft' | 'published';

/** `settings` is the full draft view (draft merged over live) at the time of saving. */
export interface SnapshotSavedData {
  snapshotId: string;
  label: string | null;
  stage: SnapshotStage;
  authorEmail: string;
  createdAt: string;
  settings: StoredSettings;
}

/** The draft view now equals the snapshot's settings (over live); `changes` are what it changed to. */
export interface SnapshotRestoredData {
  snapshotId: string;
  label: string | null;
  changes: SettingsChanges;
}

export interface SnapshotDeletedData {
  snapshotId: string;
  label: string | null;
}

/** Set on a publish a schedule made: whose schedule, for when, and how late it ran. */
export interface PublishedBySchedule {
  scheduleId: string;
  scheduledBy: string;
  scheduledFor: string;
  /** Whole seconds past `scheduledFor` (0 when on time; more when the app was down or a lock held it back). */
  lateBySeconds: number;
}

/** `settings` is the whole new live version; `changes` compares it with the previous one. */
export interface PublishedData {
  snapshotId: string | null;
  /** The published snapshot's label when it had one (recorded since history, so the log reads by itself). */
  snapshotLabel?: string | null;
  settings: StoredSettings;
  changes: SettingsChanges;
  /** Absent on a publish an admin made by hand (and on every publish recorded before schedules existed). */
  schedule?: PublishedBySchedule;
}

/** A snapshot is to be published at `at` (ISO instant) by the scheduled publisher. */
export interface PublishScheduledData {
  scheduleId: string;
  snapshotId: string;
  snapshotLabel: string | null;
  at: string;
  createdBy: string;
  createdAt: string;
}

/** 'scheduler-not-admin': the admin who scheduled it was removed from the allowlist before it ran. */
export const SCHEDULE_CANCEL_REASONS = ['cancelled', 'snapshot-deleted', 'scheduler-not-admin'] as const;
export type ScheduleCancelReason = (typeof SCHEDULE_CANCEL_REASONS)[number];

/** Live is again what it was right after the publish at `toPosition` (DESIGN §13); `changes` undo what came since. */
export interface LiveRolledBackData {
  toPosition: number;
  /** When the publish at `toPosition` happened. */
  toOccurredAt: string;
  changes: SettingsChanges;
}

/** The draft view is again the `stage` record as it read right after `fromPosition` (DESIGN §13). */
export interface DraftRestoredFromHistoryData {
  fromPosition: number;
  fromOccurredAt: string;
  stage: SettingsStage;
  changes: SettingsChanges;
}

export interface ScheduledPublishCancelledData {
  scheduleId: string;
  snapshotId: string;
  at: string;
  reason: ScheduleCancelReason;
  cancelledBy: string;
}

export type SettingsStage = 'draft' | 'live';

/** A media file was renamed: links equal to a `from` now read its `to`. */
export interface MediaReferencesRewrittenData {
  stage: SettingsStage;
  replacements: LinkReplacement[];
  fields: WritableSettingsField[];
  count: number;
  changes: SettingsChanges;
}

export type SiteEvent =
  | { type: 'LockAcquired'; data: LockAcquiredData }
  | { type: 'LockRefreshed'; data: LockRefreshedData }
  | { type: 'LockReleased'; data: LockReleasedData }
  | { type: 'DraftSaved'; data: DraftSavedData }
  | { type: 'DraftPulledFromLive'; data: DraftPulledFromLiveData }
  | { type: 'SnapshotSaved'; data: SnapshotSavedData }
  | { type: 'SnapshotRestored'; data: SnapshotRestoredData }
  | { type: 'SnapshotDeleted'; data: SnapshotDeletedData }
  | { type: 'Published'; data: PublishedData }
  | { type: 'MediaReferencesRewritten'; data: MediaReferencesRewrittenData }
  | { type: 'PublishScheduled'; data: PublishScheduledData }
  | { type: 'ScheduledPublishCancelled'; data: ScheduledPublishCancelledData }
  | { type: 'LiveRolledBack'; data: LiveRolledBackData }
  | { type: 'DraftRestoredFromHistory'; data: DraftRestoredFromHistoryData };

export type SiteEventType = SiteEvent['type'];

/** A site event in its envelope, as appended (the handler adds eventId and metadata). */
export type SiteNewEvent = NewEventOf<SiteEvent>;

const siteEventTypes = eventTypeSet<SiteEventType>({
  LockAcquired: true,
  LockRefreshed: true,
  LockReleased: true,
  DraftSaved: true,
  DraftPulledFromLive: true,
  SnapshotSaved: true,
  SnapshotRestored: true,
  SnapshotDeleted: true,
  Published: true,
  MediaReferencesRewritten: true,
  PublishScheduled: true,
  ScheduledPublishCancelled: true,
  LiveRolledBack: true,
  DraftRestoredFromHistory: true,
});

export const SITE_EVENT_TYPES = siteEventTypes.list;
export const isSiteEventType = siteEventTypes.has;
