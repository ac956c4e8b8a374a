/**
 * Commands on the site stream. Time and ids come in through metadata (DESIGN §12.3); `now` is an
 * ISO timestamp and `actorEmail` the signed-in admin (compared lower-cased).
 */
import type { LinkReplacement, StoredSettings } from '../settings';
import type { LockReleaseReason, SettingsStage } from './site.events';

export interface SiteCommandMetadata {
  actorEmail: string;
  now: string;
}

interface Command<TType extends string, TData, TMeta = SiteCommandMetadata> {
  type: TType;
  data: TData;
  metadata: TMeta;
}

/** Acquires the lock, or refreshes it when the actor already holds it. `ttlSeconds` defaults to 300. */
export type AcquireLock = Command<'AcquireLock', { ttlSeconds?: number }>;
export type ReleaseLock = Command<'ReleaseLock', { reason?: LockReleaseReason }>;
/** `settings` is the request body as received: validated and normalised by the decider. */
export type SaveDraft = Command<'SaveDraft', { settings: unknown }>;
export type PullLive = Command<'PullLive', Record<string, never>>;
export type SaveSnapshot = Command<'SaveSnapshot', { label?: string | null }, SiteCommandMetadata & { snapshotId: string }>;
export type RestoreSnapshot = Command<'RestoreSnapshot', { snapshotId: string }>;
export type DeleteSnapshot = Command<'DeleteSnapshot', { snapshotId: string }>;
/** Publishes the given snapshot, or the current draft view when none is given. */
export type Publish = Command<'Publish', { snapshotId?: string | null }>;
/** After a media rename: links equal to a `from` (every URL form of the old file) become its `to`. */
export type RewriteMediaReferences = Command<'RewriteMediaReferences', { replacements: LinkReplacement[] }>;

/** Publish a snapshot at `at` (ISO instant, in the future). The id comes in through metadata. */
export type SchedulePublish = Command<'SchedulePublish', { at: string; snapshotId: string }, SiteCommandMetadata & { scheduleId: string }>;
export type CancelScheduledPublish = Command<'CancelScheduledPublish', { scheduleId: string; reason?: 'cancelled' | 'scheduler-not-admin' }>;
/**
 * Issued by the scheduled publisher when a schedule is due, in the name of the admin who made it:
 * publishes its snapshot under the rules of a manual publish; nothing when it already ran or was cancelled.
 */
export type RunScheduledPublish = Command<'RunScheduledPublish', { scheduleId: string }>;

/**
 * DESIGN §13: live becomes `settings`, the live record as it was right after the publish at
 * `toPosition` (the backend reads it from history; the decider judges the lock and records the change).
 */
export type RollbackLive = Command<'RollbackLive', { toPosition: number; toOccurredAt: string; settings: StoredSettings }>;
/** DESIGN §13: the draft view becomes `settings`, the `stage` record as of `fromPosition`. */
export type RestoreDraftFromHistory = Command<'RestoreDraftFromHistory', { fromPosition: number; fromOccurredAt: string; stage: SettingsStage; settings: StoredSettings }>;

export type SiteCommand =
  | AcquireLock
  | ReleaseLock
  | SaveDraft
  | PullLive
  | SaveSnapshot
  | RestoreSnapshot
  | DeleteSnapshot
  | Publish
  | RewriteMediaReferences
  | SchedulePublish
  | CancelScheduledPublish
  | RunScheduledPublish
  | RollbackLive
  | RestoreDraftFromHistory;
