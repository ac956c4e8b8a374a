/**
 * The site aggregate's decisions (emmett style, state first like the access decider:
 * `decideSite(state, command) → events`, pure, throws DomainError). Rules, with the choices SPEC leaves open:
 * - Lock: holders compared lower-cased. Acquiring while another editor's lock is unexpired is
 *   LOCKED; acquiring one's own unexpired lock refreshes it; an expired lock may be taken over.
 *   TTL 30..3600 s, default 300.
 * - Releasing a lock one does not hold (or when none is held) is a no-op, not an error: the page
 *   sends a release beacon on close whoever holds the lock.
 * - SaveDraft needs the actor to hold an unexpired lock (SPEC §6). PullLive, RestoreSnapshot and
 *   Publish are refused only while another editor holds an unexpired lock: SPEC §4 enables them
 *   in the Live view too, where the editor has released the lock by leaving the draft stage.
 * - An admin action that changes nothing is still an action (issue 10): SaveDraft, PullLive,
 *   RestoreSnapshot, a rollback or a restore from history with no effective changes record their
 *   event with empty `changes`, so the audit log shows it happened. Publish is always recorded.
 * - Rollback (DESIGN §13) replaces live with a record the backend read from history, refused while
 *   another editor holds the lock; a restore from history needs the actor's own lock, like a save.
 * - Publishing a snapshot publishes that snapshot's settings (over live); otherwise the draft view.
 * - Schedules: a publish of a snapshot at a future instant. Scheduling does not edit the draft, so
 *   it is allowed while another editor holds the lock; running it follows the rules of a manual
 *   publish in the name of the admin who scheduled it (refused while another editor holds the
 *   lock: the publisher tries again until the lock is free, and records how late it ran). A
 *   schedule runs at most once: running one that already ran or was cancelled records nothing.
 *   Deleting a snapshot cancels the schedules that name it, with that reason.
 */
import { DomainError, assertNever } from '../errors/domain-error';
import { checkLink, describeSettingsErrors, diffSettings, mergeDraftOverLive, pastRecordOverLive, rewriteLinkReferences, validateSettingsUpdate } from '../settings';
import type { AcquireLock, CancelScheduledPublish, Publish, RestoreDraftFromHistory, RollbackLive, RewriteMediaReferences, SaveDraft, SaveSnapshot, SchedulePublish, SiteCommand, SiteCommandMetadata } from './site.commands';
import type { LockReleaseReason, SiteEvent } from './site.events';
import { LOCK_RELEASE_REASONS } from './site.events';
import type { PendingSchedule, SiteSnapshot, SiteState } from './site.state';
import { activeLock, draftView, normaliseActorEmail } from './site.state';

export const LOCK_TTL_DEFAULT_SECONDS = 300;
export const LOCK_TTL_MIN_SECONDS = 30;
export const LOCK_TTL_MAX_SECONDS = 3600;
export const SNAPSHOT_LABEL_MAX_LENGTH = 200;
/** Enough for a season of announcements; more pending at once is a mistake, not a plan. */
export const MAX_PENDING_SCHEDULES = 20;
/** A schedule further ahead than this is almost certainly a typo in the year. */
export const SCHEDULE_MAX_DAYS_AHEAD = 366;

/** Texts of the errors the decider raises (SPEC §6 and §8 where they apply). */
export const SITE_TEXTS = {
  lockedByAnother: 'Draft locked by another editor.',
  lockRequired: 'Acquire the draft lock before saving the draft.',
  snapshotNotFound: 'Snapshot not found.',
  snapshotIdTaken: 'A snapshot with this id already exists.',
  ttlOutOfRange: `ttlSeconds must be a whole number from ${LOCK_TTL_MIN_SECONDS} to ${LOCK_TTL_MAX_SECONDS}.`,
  labelTooLong: `Snapshot labels are at most ${SNAPSHOT_LABEL_MAX_LENGTH} characters.`,
  badReason: `Release reason must be one of ${LOCK_RELEASE_REASONS.join(', ')}.`,
  badTime: 'Command time must be an ISO timestamp.',
  actorRequired: 'An actor email is required.',
  badReplacement: 'Each replacement needs a non-empty "from" and an allowed link as "to".',
  scheduleTimeInvalid: 'Choose a date and time for the publish (an ISO timestamp such as 2031-06-12T18:00:00Z).',
  scheduleInPast: 'Choose a time in the future for a scheduled publish.',
  scheduleTooFar: `A publish can be scheduled at most ${SCHEDULE_MAX_DAYS_AHEAD} days ahead.`,
  tooManySchedules: `At most ${MAX_PENDING_SCHEDULES} publishes can be scheduled at once; cancel one first.`,
  scheduleNotFound: 'Scheduled publish not found (it may have run or been cancelled).',
  scheduleIdTaken: 'A scheduled publish with this id already exists.',
  badHistoryPoint: 'A point in history is a position (a whole number) in the event log.',
  badHistoryStage: 'stage must be live or draft.',
} as const;

interface Context {
  actor: string;
  nowMs: number;
  now: string;
}

function context(metadata: SiteCommandMetadata): Context {
  const actor = normaliseActorEmail(typeof metadata.actorEmail === 'string' ? metadata.actorEmail : '');
  if (actor === '') throw new DomainError('INVALID_INPUT', SITE_TEXTS.actorRequired);
  const nowMs = Date.parse(metadata.now);
  if (!Number.isFinite(nowMs)) throw new DomainError('INVALID_INPUT', SITE_TEXTS.badTime, { now: metadata.now });
  return { actor, nowMs, now: new Date(nowMs).toISOString() };
}

function lockedByAnother(state: SiteState, ctx: Context): DomainError | null {
  const lock = activeLock(state, ctx.now);
  if (lock && lock.holderEmail !== ctx.actor) {
    return new DomainError('LOCKED', SITE_TEXTS.lockedByAnother, { holderEmail: lock.holderEmail, expiresAt: lock.expiresAt });
  }
  return null;
}

function requireNotLockedByAnother(state: SiteState, ctx: Context): void {
  const error = lockedByAnother(state, ctx);
  if (error) throw error;
}

function requireOwnLock(state: SiteState, ctx: Context): void {
  requireNotLockedByAnother(state, ctx);
  if (!activeLock(state, ctx.now)) throw new DomainError('LOCKED', SITE_TEXTS.lockRequired);
}

function findSnapshot(state: SiteState, snapshotId: unknown): SiteSnapshot {
  const snapshot = typeof snapshotId === 'string' ? state.snapshots.find((s) => s.id === snapshotId) : undefined;
  if (!snapshot) throw new DomainError('NOT_FOUND', SITE_TEXTS.snapshotNotFound, { snapshotId });
  return snapshot;
}

function acquireLock(state: SiteState, command: AcquireLock, ctx: Context): SiteEvent[] {
  const ttlSeconds = command.data.ttlSeconds ?? LOCK_TTL_DEFAULT_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < LOCK_TTL_MIN_SECONDS || ttlSeconds > LOCK_TTL_MAX_SECONDS) {
    throw new DomainError('INVALID_INPUT', SITE_TEXTS.ttlOutOfRange, { ttlSeconds });
  }
  requireNotLockedByAnother(state, ctx);
  const expiresAt = new Date(ctx.nowMs + ttlSeconds * 1000).toISOString();
  if (activeLock(state, ctx.now)) {
    return [{ type: 'LockRefreshed', data: { holderEmail: ctx.actor, ttlSeconds, refreshedAt: ctx.now, expiresAt } }];
  }
  const previous = state.lock && state.lock.holderEmail !== ctx.actor ? state.lock.holderEmail : null;
  return [{ type: 'LockAcquired', data: { holderEmail: ctx.actor, ttlSeconds, acquiredAt: ctx.now, expiresAt, previousHolderEmail: previous } }];
}

function releaseLock(state: SiteState, reason: LockReleaseReason | undefined, ctx: Context): SiteEvent[] {
  const chosen = reason ?? 'released';
  if (!(LOCK_RELEASE_REASONS as readonly string[]).includes(chosen)) throw new DomainError('INVALID_INPUT', SITE_TEXTS.badReason);
  // The holder may release even after expiry, which clears the stale record; anyone else changes nothing.
  if (!state.lock || state.lock.holderEmail !== ctx.actor) return [];
  return [{ type: 'LockReleased', data: { holderEmail: ctx.actor, reason: chosen } }];
}

function saveDraft(state: SiteState, command: SaveDraft, ctx: Context): SiteEvent[] {
  requireOwnLock(state, ctx);
  const result = validateSettingsUpdate(command.data.settings);
  if (!result.ok) throw new DomainError('INVALID_INPUT', describeSettingsErrors(result.errors), { errors: result.errors });
  const before = draftView(state);
  const changes = diffSettings(before, { ...before, ...result.value });
  return [{ type: 'DraftSaved', data: { changes } }];
}

function pullLive(state: SiteState, ctx: Context): SiteEvent[] {
  requireNotLockedByAnother(state, ctx);
  const changes = diffSettings(draftView(state), state.live);
  return [{ type: 'DraftPulledFromLive', data: { changes } }];
}

function saveSnapshot(state: SiteState, command: SaveSnapshot, ctx: Context): SiteEvent[] {
  const snapshotId = command.metadata.snapshotId;
  if (typeof snapshotId !== 'string' || snapshotId === '') throw new DomainError('INVALID_INPUT', 'A snapshot id is required.');
  if (state.snapshots.some((s) => s.id === snapshotId)) throw new DomainError('INVALID_INPUT', SITE_TEXTS.snapshotIdTaken, { snapshotId });
  const rawLabel = command.data.label;
  const label = typeof rawLabel === 'string' && rawLabel.trim() !== '' ? rawLabel.trim() : null;
  if (label !== null && label.length > SNAPSHOT_LABEL_MAX_LENGTH) throw new DomainError('INVALID_INPUT', SITE_TEXTS.labelTooLong);
  return [
    {
      type: 'SnapshotSaved',
      data: { snapshotId, label, stage: 'draft', authorEmail: ctx.actor, createdAt: ctx.now, settings: draftView(state) },
    },
  ];
}

function restoreSnapshot(state: SiteState, snapshotId: string, ctx: Context): SiteEvent[] {
  const snapshot = findSnapshot(state, snapshotId);
  requireNotLockedByAnother(state, ctx);
  const changes = diffSettings(draftView(state), mergeDraftOverLive(state.live, snapshot.settings));
  return [{ type: 'SnapshotRestored', data: { snapshotId: snapshot.id, label: snapshot.label, changes } }];
}

function deleteSnapshot(state: SiteState, snapshotId: string, ctx: Context): SiteEvent[] {
  const snapshot = findSnapshot(state, snapshotId);
  const cancelled: SiteEvent[] = state.schedules
    .filter((s) => s.snapshotId === snapshot.id)
    .map((s) => ({ type: 'ScheduledPublishCancelled', data: { scheduleId: s.id, snapshotId: s.snapshotId, at: s.at, reason: 'snapshot-deleted', cancelledBy: ctx.actor } }));
  return [...cancelled, { type: 'SnapshotDeleted', data: { snapshotId: snapshot.id, label: snapshot.label } }];
}

function publish(state: SiteState, command: Publish, ctx: Context): SiteEvent[] {
  const snapshotId = command.data.snapshotId ?? null;
  const snapshot = snapshotId === null ? null : findSnapshot(state, snapshotId);
  requireNotLockedByAnother(state, ctx);
  const settings = mergeDraftOverLive(state.live, snapshot === null ? state.draft : snapshot.settings);
  const label = snapshot === null ? {} : { snapshotLabel: snapshot.label };
  return [{ type: 'Published', data: { snapshotId, ...label, settings, changes: diffSettings(state.live, settings) } }];
}

function requireHistoryPoint(position: unknown, occurredAt: unknown): void {
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || typeof occurredAt !== 'string') {
    throw new DomainError('INVALID_INPUT', SITE_TEXTS.badHistoryPoint);
  }
}

function rollbackLive(state: SiteState, command: RollbackLive, ctx: Context): SiteEvent[] {
  requireHistoryPoint(command.data.toPosition, command.data.toOccurredAt);
  requireNotLockedByAnother(state, ctx);
  const changes = diffSettings(state.live, command.data.settings);
  return [{ type: 'LiveRolledBack', data: { toPosition: command.data.toPosition, toOccurredAt: command.data.toOccurredAt, changes } }];
}

function restoreDraftFromHistory(state: SiteState, command: RestoreDraftFromHistory, ctx: Context): SiteEvent[] {
  requireHistoryPoint(command.data.fromPosition, command.data.fromOccurredAt);
  if (command.data.stage !== 'live' && command.data.stage !== 'draft') throw new DomainError('INVALID_INPUT', SITE_TEXTS.badHistoryStage);
  requireNotLockedByAnother(state, ctx);
  const reading = command.data.stage === 'live' ? 'public' : 'editor';
  const changes = diffSettings(draftView(state), pastRecordOverLive(state.live, command.data.settings, reading));
  const restored: SiteEvent = {
    type: 'DraftRestoredFromHistory',
    data: { fromPosition: command.data.fromPosition, fromOccurredAt: command.data.fromOccurredAt, stage: command.data.stage, changes },
  };
  if (activeLock(state, ctx.now)) return [restored];
  // Issue 25: Site history is not an editor and keeps no lock, so a free lock is taken for this one
  // command and given back in the same append: the draft still changes only in its holder's hands,
  // nobody can slip in between, and no lock is left behind that nobody refreshes.
  const expiresAt = new Date(ctx.nowMs + LOCK_TTL_MIN_SECONDS * 1000).toISOString();
  const previous = state.lock && state.lock.holderEmail !== ctx.actor ? state.lock.holderEmail : null;
  return [
    { type: 'LockAcquired', data: { holderEmail: ctx.actor, ttlSeconds: LOCK_TTL_MIN_SECONDS, acquiredAt: ctx.now, expiresAt, previousHolderEmail: previous } },
    restored,
    { type: 'LockReleased', data: { holderEmail: ctx.actor, reason: 'released' } },
  ];
}

function schedulePublish(state: SiteState, command: SchedulePublish, ctx: Context): SiteEvent[] {
  const scheduleId = command.metadata.scheduleId;
  if (typeof scheduleId !== 'string' || scheduleId === '') throw new DomainError('INVALID_INPUT', 'A schedule id is required.');
  if (state.schedules.some((s) => s.id === scheduleId)) throw new DomainError('INVALID_INPUT', SITE_TEXTS.scheduleIdTaken, { scheduleId });
  const atMs = typeof command.data.at === 'string' ? Date.parse(command.data.at) : Number.NaN;
  if (!Number.isFinite(atMs)) throw new DomainError('INVALID_INPUT', SITE_TEXTS.scheduleTimeInvalid, { at: command.data.at });
  if (atMs <= ctx.nowMs) throw new DomainError('INVALID_INPUT', SITE_TEXTS.scheduleInPast, { at: new Date(atMs).toISOString(), now: ctx.now });
  if (atMs > ctx.nowMs + SCHEDULE_MAX_DAYS_AHEAD * 86_400_000) throw new DomainError('INVALID_INPUT', SITE_TEXTS.scheduleTooFar);
  if (state.schedules.length >= MAX_PENDING_SCHEDULES) throw new DomainError('CONFLICT', SITE_TEXTS.tooManySchedules);
  const snapshot = findSnapshot(state, command.data.snapshotId);
  return [
    {
      type: 'PublishScheduled',
      data: { scheduleId, snapshotId: snapshot.id, snapshotLabel: snapshot.label, at: new Date(atMs).toISOString(), createdBy: ctx.actor, createdAt: ctx.now },
    },
  ];
}

function findSchedule(state: SiteState, scheduleId: unknown): PendingSchedule | undefined {
  return typeof scheduleId === 'string' ? state.schedules.find((s) => s.id === scheduleId) : undefined;
}

function cancelScheduledPublish(state: SiteState, command: CancelScheduledPublish, ctx: Context): SiteEvent[] {
  const schedule = findSchedule(state, command.data.scheduleId);
  if (!schedule) throw new DomainError('NOT_FOUND', SITE_TEXTS.scheduleNotFound, { scheduleId: command.data.scheduleId });
  const reason = command.data.reason ?? 'cancelled';
  if (reason !== 'cancelled' && reason !== 'scheduler-not-admin') throw new DomainError('INVALID_INPUT', 'Unknown cancel reason.');
  return [{ type: 'ScheduledPublishCancelled', data: { scheduleId: schedule.id, snapshotId: schedule.snapshotId, at: schedule.at, reason, cancelledBy: ctx.actor } }];
}

function runScheduledPublish(state: SiteState, scheduleId: string, ctx: Context): SiteEvent[] {
  const schedule = findSchedule(state, scheduleId);
  // Already run (by this or another instance) or cancelled; or not yet due: nothing to do.
  if (!schedule) return [];
  const atMs = Date.parse(schedule.at);
  if (ctx.nowMs < atMs) return [];
  const published = publish(state, { type: 'Publish', data: { snapshotId: schedule.snapshotId }, metadata: { actorEmail: schedule.createdBy, now: ctx.now } }, { ...ctx, actor: schedule.createdBy });
  const lateBySeconds = Math.max(0, Math.floor((ctx.nowMs - atMs) / 1000));
  return published.map((event) =>
    event.type === 'Published' ? { ...event, data: { ...event.data, schedule: { scheduleId: schedule.id, scheduledBy: schedule.createdBy, scheduledFor: schedule.at, lateBySeconds } } } : event,
  );
}

function rewriteMediaReferences(state: SiteState, command: RewriteMediaReferences): SiteEvent[] {
  const replacements = Array.isArray(command.data.replacements) ? command.data.replacements : [];
  for (const r of replacements) {
    const to = checkLink(r?.to);
    if (typeof r?.from !== 'string' || r.from === '' || !to.ok || to.value === '') throw new DomainError('INVALID_INPUT', SITE_TEXTS.badReplacement);
  }
  const events: SiteEvent[] = [];
  for (const stage of ['draft', 'live'] as const) {
    const rewritten = rewriteLinkReferences(stage === 'draft' ? state.draft : state.live, replacements);
    if (rewritten.count === 0) continue;
    events.push({
      type: 'MediaReferencesRewritten',
      data: { stage, replacements: replacements.map((r) => ({ from: r.from, to: r.to })), fields: rewritten.fields, count: rewritten.count, changes: rewritten.changes },
    });
  }
  return events;
}

export function decideSite(state: SiteState, command: SiteCommand): SiteEvent[] {
  const ctx = context(command.metadata);
  switch (command.type) {
    case 'AcquireLock':
      return acquireLock(state, command, ctx);
    case 'ReleaseLock':
      return releaseLock(state, command.data.reason, ctx);
    case 'SaveDraft':
      return saveDraft(state, command, ctx);
    case 'PullLive':
      return pullLive(state, ctx);
    case 'SaveSnapshot':
      return saveSnapshot(state, command, ctx);
    case 'RestoreSnapshot':
      return restoreSnapshot(state, command.data.snapshotId, ctx);
    case 'DeleteSnapshot':
      return deleteSnapshot(state, command.data.snapshotId, ctx);
    case 'Publish':
      return publish(state, command, ctx);
    case 'RewriteMediaReferences':
      return rewriteMediaReferences(state, command);
    case 'SchedulePublish':
      return schedulePublish(state, command, ctx);
    case 'CancelScheduledPublish':
      return cancelScheduledPublish(state, command, ctx);
    case 'RunScheduledPublish':
      return runScheduledPublish(state, command.data.scheduleId, ctx);
    case 'RollbackLive':
      return rollbackLive(state, command, ctx);
    case 'RestoreDraftFromHistory':
      return restoreDraftFromHistory(state, command, ctx);
    default:
      return assertNever(command, 'site command');
  }
}
