/**
 * The settings calls of SPEC §7 as the editor makes them, over the shared API client: every call
 * resolves (never throws) so callers pick the SPEC §8 text for their situation.
 */
import type { DraftLockView, MediaRenamedInSave, ScheduleView, SettingsRecord, SettingsVersionView } from '@punchline/domain';
import { apiRequest, errorText, type ApiResult } from '../../shared/api';
import { eventVersion, watchSettingsEvents } from '../data/settings-events';
import { EDITOR_TEXTS } from './editor-texts';

export type { ApiResult } from '../../shared/api';

export type EditorStage = 'live' | 'draft';

/** A lock as the editor receives it: the holder is checked (a 423 may name only the holder), the times kept when sent. */
export type ReceivedLock = Pick<DraftLockView, 'holder_email'> & Partial<DraftLockView>;

export const LOCK_RELEASE_PATH = '/api/settings/lock/release';

const request = apiRequest;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text for a failed call: the server's error, else the situation's SPEC §8 default (or 'Request failed: {status}'). */
export function failureText(result: Pick<ApiResult, 'status' | 'error'>, fallback?: string): string {
  return errorText(result, fallback);
}

/** Lock calls: 423 and 403 have their own SPEC §8 texts when the server sends none. */
export function lockFailureText(result: Pick<ApiResult, 'status' | 'error'>, fallback: string): string {
  if (result.error) return result.error;
  if (result.status === 423) return EDITOR_TEXTS.lockedByAnother;
  if (result.status === 403) return EDITOR_TEXTS.lockForbidden;
  return fallback;
}

/** A settings answer may be the flat record or wrapped as {data}. */
export function settingsFrom(body: unknown): Partial<SettingsRecord> | null {
  if (!isObject(body)) return null;
  if (isObject(body.data)) return body.data as Partial<SettingsRecord>;
  if ('data' in body || 'error' in body) return null;
  return body as Partial<SettingsRecord>;
}

/** The files a draft save followed to their new names (issue 13 point 5); [] when none. */
export function mediaRenamedFrom(body: unknown): MediaRenamedInSave[] {
  if (!isObject(body) || !Array.isArray(body.media_renamed)) return [];
  return body.media_renamed.filter((r): r is MediaRenamedInSave => isObject(r) && typeof r.from === 'string' && typeof r.to === 'string');
}

/** Library files a restored snapshot links to that were deleted since (issue 13 point 6); [] when none. */
export function missingMediaFrom(body: unknown): string[] {
  if (!isObject(body) || !Array.isArray(body.missing_media)) return [];
  return body.missing_media.filter((p): p is string => typeof p === 'string');
}

export function lockFrom(body: unknown): ReceivedLock | null {
  if (!isObject(body) || !isObject(body.lock)) return null;
  return typeof body.lock.holder_email === 'string' ? (body.lock as unknown as ReceivedLock) : null;
}

export function versionsFrom(body: unknown): SettingsVersionView[] {
  if (!isObject(body) || !Array.isArray(body.versions)) return [];
  return body.versions.filter((v): v is SettingsVersionView => isObject(v) && typeof v.id === 'string');
}

/** The stored settings of a snapshot from GET /api/settings/versions/{id}; null when the answer has none. */
export function versionSettingsFrom(body: unknown): Partial<SettingsRecord> | null {
  if (!isObject(body) || !isObject(body.version) || !isObject(body.version.settings)) return null;
  return body.version.settings as Partial<SettingsRecord>;
}

/** The pending schedules of GET /api/settings/schedules (issue 14). */
export function schedulesFrom(body: unknown): ScheduleView[] {
  if (!isObject(body) || !Array.isArray(body.schedules)) return [];
  return body.schedules.filter((s): s is ScheduleView => isObject(s) && typeof s.id === 'string' && typeof s.at === 'string');
}

export const settingsApi = {
  load: (stage: EditorStage) => request(`GET`, `/api/settings?stage=${stage}`),
  /** The draft as the public pages read it (SPEC §3 public reading): what Preview Draft shows. */
  loadPreview: () => request('GET', '/api/settings/preview'),
  saveDraft: (settings: Partial<SettingsRecord>) => request('PUT', '/api/settings?stage=draft', settings),
  getLock: () => request('GET', '/api/settings/lock'),
  acquireLock: (ttlSeconds: number) => request('POST', '/api/settings/lock/acquire', { ttlSeconds }),
  releaseLock: () => request('POST', LOCK_RELEASE_PATH, {}),
  pullLive: () => request('POST', '/api/settings/pull-live'),
  publish: (snapshotId: string | null) => request('POST', '/api/settings/publish', snapshotId ? { snapshotId } : {}),
  listVersions: (options: { draftOnly?: boolean; limit: number }) =>
    request('GET', `/api/settings/versions?${options.draftOnly ? 'stage=draft&' : ''}limit=${options.limit}`),
  getVersion: (id: string) => request('GET', `/api/settings/versions/${encodeURIComponent(id)}`),
  createVersion: (label: string | null) => request('POST', '/api/settings/versions', { label, stage: 'draft' }),
  restoreVersion: (id: string) => request('POST', `/api/settings/versions/${encodeURIComponent(id)}/restore`),
  deleteVersion: (id: string) => request('DELETE', `/api/settings/versions/${encodeURIComponent(id)}`),
  schedulePublish: (at: string, snapshotId: string | null) => request('POST', '/api/settings/schedule', snapshotId ? { at, snapshotId } : { at }),
  listSchedules: () => request('GET', '/api/settings/schedules'),
  cancelSchedule: (id: string) => request('DELETE', `/api/settings/schedules/${encodeURIComponent(id)}`),
  /**
   * Lock changes pushed by the server (issue 12 point 4), and the draft's version (issue 25); answers the unsubscribe. The
   * stream is the tab's one (shared with the shell); where EventSource is missing the 90 s poll alone keeps the editor informed.
   */
  watchLock: (onLock: (lock: ReceivedLock | null) => void, onDraft?: (version: number) => void): (() => void) =>
    watchSettingsEvents({
      lock: (data) => onLock(lockFrom(data)),
      // Issue 25: the same stream says when the draft changed (a save, restore or pull made elsewhere).
      draft: (data) => {
        const version = eventVersion(data);
        if (version !== null) onDraft?.(version);
      },
    }),
  /** SPEC §4: closing the page sends the release as a beacon, which survives the unload. */
  releaseLockBeacon: (): boolean => {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    return navigator.sendBeacon(LOCK_RELEASE_PATH, new Blob(['{}'], { type: 'application/json' }));
  },
};

export type SettingsApi = typeof settingsApi;
