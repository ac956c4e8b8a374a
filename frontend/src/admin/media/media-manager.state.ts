/**
 * The Media Manager's state besides the list itself (SPEC §2, §5): the notice above the grid, with
 * the offer to upload identical files anyway, and where a delete stands: checking where the file is
 * used, then the in-use alert, the site-history warning or the confirm. Pure, so tested alone.
 */
import type { MediaHistoryUsage, MediaUsage } from '@punchline/domain';
import { formatWhen } from '../../shared/format-when';
import type { MediaItem, RenameResult } from './media-api';
import { MEDIA_TEXTS } from './media-texts';
import type { UploadResult } from './use-uploader';

export type Notice = { tone: 'success' | 'error'; text: string };

export interface NoticeState {
  notice: Notice | null;
  /** Files of the last upload whose bytes were already in the library: offered as they are, or uploaded as copies on request. */
  identical: File[];
}

export const initialNotice: NoticeState = { notice: null, identical: [] };

export type NoticeAction = { type: 'show'; notice: Notice | null } | { type: 'uploaded'; results: readonly UploadResult[] } | { type: 'dismiss' };

/** 'show' replaces only the text; the offer to upload copies goes with 'dismiss' or the next upload. */
export function noticeReducer(state: NoticeState, action: NoticeAction): NoticeState {
  switch (action.type) {
    case 'show':
      return { ...state, notice: action.notice };
    case 'uploaded':
      return uploadedNotice(action.results);
    case 'dismiss':
      return initialNotice;
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}

/** 'Uploaded “a.png”.', 'Uploaded 3 files.', or each failure by file name; identical bytes alone are no error. */
export function uploadedNotice(results: readonly UploadResult[]): NoticeState {
  const errors: string[] = [];
  const stored: string[] = [];
  const identical: File[] = [];
  for (const r of results) {
    if (r.ok) stored.push(r.value.item?.name ?? r.fileName);
    else {
      if (r.existing) identical.push(r.file);
      errors.push(results.length > 1 ? `${r.fileName}: ${r.error}` : r.error);
    }
  }
  if (errors.length === 0) {
    return { notice: { tone: 'success', text: stored.length === 1 ? `Uploaded “${stored[0]}”.` : `Uploaded ${stored.length} files.` }, identical };
  }
  const text = [...(stored.length > 0 ? [`Uploaded ${stored.length}.`] : []), ...errors].join(' ');
  return { notice: { tone: identical.length === errors.length ? 'success' : 'error', text }, identical };
}

/** 'Renamed to “b.png”. Updated 2 links (draft 1, live 1).' */
export function renamedText({ path, totalUpdated, replacements }: RenameResult): string {
  const newName = path.slice(path.lastIndexOf('/') + 1);
  const links = totalUpdated === 0 ? 'No links needed updating.' : `Updated ${totalUpdated === 1 ? '1 link' : `${totalUpdated} links`} (draft ${replacements.draft}, live ${replacements.live}).`;
  return `Renamed to “${newName}”. ${links}`;
}

/** The snapshots and earlier publishes that still link to a file, in the warning's words. */
export function keptLines(history: MediaHistoryUsage): string[] {
  return [
    ...history.snapshots.map((s) => MEDIA_TEXTS.keptBySnapshot(s.label, formatWhen(s.created_at))),
    ...history.publishes.map((p) => MEDIA_TEXTS.keptByPublish(formatWhen(p.occurred_at))),
  ];
}

export interface DeleteFlow {
  /** The file whose usage is being checked: its Delete button says 'Checking…'. */
  checking: string | null;
  /** Used by the draft or live: deleting is blocked, with the list of places. */
  inUse: { item: MediaItem; usage: MediaUsage[] } | null;
  /** Kept by snapshots or earlier publishes: a warning to get past before the usual confirm. */
  kept: { item: MediaItem; lines: string[] } | null;
  confirming: MediaItem | null;
  deleting: boolean;
}

export const initialDeleteFlow: DeleteFlow = { checking: null, inUse: null, kept: null, confirming: null, deleting: false };

export type DeleteAction =
  | { type: 'check'; path: string }
  | { type: 'checked'; item: MediaItem; usage: MediaUsage[]; history: MediaHistoryUsage }
  | { type: 'check-failed' }
  | { type: 'close-in-use' }
  | { type: 'close-kept' }
  | { type: 'delete-anyway' }
  | { type: 'cancel' }
  | { type: 'delete-started' }
  /** `usage`: the places a 409 named (someone started using the file after the check). */
  | { type: 'delete-finished'; item: MediaItem; usage: MediaUsage[] | null };

export function deleteFlowReducer(state: DeleteFlow, action: DeleteAction): DeleteFlow {
  switch (action.type) {
    case 'check':
      return { ...state, checking: action.path };
    case 'checked': {
      const { item, usage } = action;
      const lines = keptLines(action.history);
      if (usage.length > 0) return { ...state, checking: null, inUse: { item, usage } };
      if (lines.length > 0) return { ...state, checking: null, kept: { item, lines } };
      return { ...state, checking: null, confirming: item };
    }
    case 'check-failed':
      return { ...state, checking: null };
    case 'close-in-use':
      return { ...state, inUse: null };
    case 'close-kept':
      return { ...state, kept: null };
    case 'delete-anyway':
      return { ...state, kept: null, confirming: state.kept?.item ?? null };
    case 'cancel':
      return { ...state, confirming: null };
    case 'delete-started':
      return { ...state, deleting: true };
    case 'delete-finished': {
      const stillUsed = action.usage && action.usage.length > 0 ? { item: action.item, usage: action.usage } : state.inUse;
      return { ...state, deleting: false, confirming: null, inUse: stillUsed };
    }
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}
