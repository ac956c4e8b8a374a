/**
 * Loading, editing, saving, pulling, publishing and restoring the settings record (SPEC §4). The
 * lock is read through a ref because the lock hook itself follows this hook's stage.
 */
import { normaliseSettings, type SettingsRecord, type WritableSettingsField } from '@punchline/domain';
import { useCallback, useEffect, useMemo, useReducer, useRef, type Dispatch, type MutableRefObject } from 'react';
import {
  changesForSave,
  editorReducer,
  initialEditorState,
  isDirty,
  publishedNoticeText,
  recordForSave,
  shouldSaveBeforePublish,
  type EditorAction,
  type EditorState,
  type PublishChoice,
} from './draft-editor';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../data/api-query';
import { EDITOR_TEXTS } from './editor-texts';
import { scheduledNoticeText } from './publish-schedule';
import { failureText, mediaRenamedFrom, missingMediaFrom, settingsApi, settingsFrom, type EditorStage, type SettingsApi } from './settings-api';
import type { DraftLockControls } from './use-draft-lock';

const STAGE_STORAGE_KEY = 'punchline.editor.stage';

/** The view chosen last in this tab, so switching between the two screens keeps it; Draft otherwise. */
export function rememberedStage(): EditorStage {
  try {
    return window.sessionStorage.getItem(STAGE_STORAGE_KEY) === 'live' ? 'live' : 'draft';
  } catch {
    return 'draft';
  }
}

function rememberStage(stage: EditorStage): void {
  try {
    window.sessionStorage.setItem(STAGE_STORAGE_KEY, stage);
  } catch {
    // Storage can be unavailable (privacy modes); the view then starts as Draft next time.
  }
}

export interface DraftEditorControls {
  state: EditorState;
  dirty: boolean;
  update: (patch: Partial<SettingsRecord>) => void;
  changeStage: (stage: EditorStage) => Promise<void>;
  reload: () => Promise<void>;
  save: () => Promise<OperationResult>;
  pullLive: () => Promise<OperationResult>;
  publish: (choice: PublishChoice) => Promise<OperationResult>;
  schedulePublish: (choice: PublishChoice, at: string) => Promise<OperationResult>;
  restoreSnapshot: (snapshotId: string) => Promise<OperationResult>;
  dismissNotice: () => void;
  /** Shows a notice (issue 25: the draft was changed elsewhere and reloaded). */
  notify: (notice: EditorState['notice']) => void;
  /** Marks fields to be saved as the editor shows them (they equal what was loaded, but the site reads them otherwise). */
  pin: (fields: WritableSettingsField[]) => void;
}

/** How an operation ended; `message` is the error shown (SPEC §8) when it failed. */
export type OperationResult = { ok: true } | { ok: false; message: string };

type SaveOutcome = { ok: true; saved: SettingsRecord } | { ok: false; message: string };

const BUSY: OperationResult = { ok: false, message: 'Another operation is still running.' };
const fail = (message: string): OperationResult => ({ ok: false, message });

export function useDraftEditor(options: {
  lockRef: MutableRefObject<DraftLockControls | null>;
  initialStage?: EditorStage;
  api?: SettingsApi;
}): DraftEditorControls {
  const { lockRef, api = settingsApi } = options;
  const [state, dispatch] = useReducer(editorReducer, options.initialStage ?? 'draft', initialEditorState);
  const stateRef = useRef(state);
  stateRef.current = state;

  const { load, readPublicReading } = useSettingsLoader(api, dispatch);

  useEffect(() => {
    void load(stateRef.current.stage);
  }, [load]);

  const changeStage = useCallback(
    async (stage: EditorStage) => {
      rememberStage(stage);
      await load(stage);
    },
    [load],
  );

  const performSave = useCallback(async (): Promise<SaveOutcome> => {
    const sent = stateRef.current.current;
    if (sent === null) return { ok: false, message: EDITOR_TEXTS.saveDraftFailed };
    const lock = lockRef.current;
    // The server only accepts saves from the holder; a free lock is taken on the way.
    if (lock && lock.state.status === 'none' && !(await lock.acquire())) return { ok: false, message: EDITOR_TEXTS.saveDraftFailed };
    const { baseline, pinned } = stateRef.current;
    const body = baseline === null ? recordForSave(sent) : changesForSave(baseline, sent, pinned);
    const result = await api.saveDraft(body);
    if (!result.ok) {
      if (result.status === 423) void lock?.refresh();
      return { ok: false, message: failureText(result, EDITOR_TEXTS.saveDraftFailed) };
    }
    const saved = normaliseSettings(settingsFrom(result.body) ?? { ...sent, ...body }, 'editor');
    const renamed = mediaRenamedFrom(result.body);
    dispatch({ type: 'saved', sent, saved, notice: { tone: 'success', text: renamed.length > 0 ? EDITOR_TEXTS.savedFollowingRenames(renamed) : 'Draft saved.' } });
    void readPublicReading();
    return { ok: true, saved };
  }, [api, lockRef, readPublicReading]);

  const save = useCallback(async (): Promise<OperationResult> => {
    if (stateRef.current.busy !== null) return BUSY;
    dispatch({ type: 'busy', operation: 'saving' });
    const outcome = await performSave();
    if (!outcome.ok) {
      dispatch({ type: 'failed', message: outcome.message });
      return fail(outcome.message);
    }
    return { ok: true };
  }, [performSave]);

  const pullLive = useCallback(async (): Promise<OperationResult> => {
    if (stateRef.current.busy !== null) return BUSY;
    const previous = stateRef.current.stage;
    dispatch({ type: 'busy', operation: 'pulling' });
    dispatch({ type: 'stage', stage: 'draft' });
    const result = await api.pullLive();
    if (!result.ok) {
      const message = failureText(result, EDITOR_TEXTS.pullLiveFailed);
      dispatch({ type: 'stage', stage: previous });
      dispatch({ type: 'failed', message });
      return fail(message);
    }
    rememberStage('draft');
    await load('draft');
    dispatch({ type: 'done', notice: { tone: 'success', text: 'Draft replaced with the live settings. Nothing was published.' } });
    return { ok: true };
  }, [api, load]);

  const { publish, schedulePublish } = usePublishing({ api, lockRef, stateRef, dispatch, load, performSave });

  const restoreSnapshot = useCallback(
    async (snapshotId: string): Promise<OperationResult> => {
      if (stateRef.current.busy !== null) return BUSY;
      dispatch({ type: 'busy', operation: 'restoring' });
      const result = await api.restoreVersion(snapshotId);
      if (!result.ok) {
        const message = failureText(result, EDITOR_TEXTS.restoreSnapshotFailed);
        dispatch({ type: 'failed', message });
        return fail(message);
      }
      rememberStage('draft');
      await load('draft');
      await lockRef.current?.acquire({ silent: true });
      // Issue 13 point 6: files the snapshot links to that were deleted since are named, not left to break silently.
      const missing = missingMediaFrom(result.body);
      dispatch({
        type: 'done',
        notice: missing.length > 0 ? { tone: 'error', text: EDITOR_TEXTS.restoredWithMissingMedia(missing) } : { tone: 'success', text: 'Snapshot restored into the draft.' },
      });
      return { ok: true };
    },
    [api, load, lockRef],
  );

  const update = useCallback((patch: Partial<SettingsRecord>) => dispatch({ type: 'edit', patch }), []);
  const reload = useCallback(async () => {
    await load(stateRef.current.stage);
  }, [load]);
  const dismissNotice = useCallback(() => dispatch({ type: 'notice', notice: null }), []);
  const notify = useCallback((notice: EditorState['notice']) => dispatch({ type: 'notice', notice }), []);

  const { baseline, current } = state;
  const dirty = useMemo(() => isDirty({ baseline, current, pinned: state.pinned }), [baseline, current, state.pinned]);
  const pin = useCallback((fields: WritableSettingsField[]) => dispatch({ type: 'pin', fields }), []);
  return { state, dirty, update, changeStage, reload, save, pullLive, publish, schedulePublish, restoreSnapshot, dismissNotice, notify, pin };
}

/** Reading a stage's record (a later load wins over an earlier one) and the draft as the site reads it. */
function useSettingsLoader(api: SettingsApi, dispatch: Dispatch<EditorAction>) {
  const loadSeq = useRef(0);
  /** The draft as the site will read it, so the editor can say where that differs from what it shows. */
  const readPublicReading = useCallback(async () => {
    const seq = loadSeq.current;
    const result = await api.loadPreview();
    if (seq !== loadSeq.current) return;
    const raw = result.ok ? settingsFrom(result.body) : null;
    dispatch({ type: 'public-reading', stage: 'draft', settings: raw === null ? null : normaliseSettings(raw, 'public') });
  }, [api, dispatch]);

  const load = useCallback(
    async (stage: EditorStage): Promise<SettingsRecord | null> => {
      const seq = ++loadSeq.current;
      dispatch({ type: 'load-start', stage });
      const result = await api.load(stage);
      // A later load (another stage, a reload after an operation) wins over this one.
      if (seq !== loadSeq.current) return null;
      const raw = result.ok ? settingsFrom(result.body) : null;
      if (raw === null) {
        dispatch({ type: 'load-failed', stage, message: failureText(result) });
        return null;
      }
      const settings = normaliseSettings(raw, 'editor');
      dispatch({ type: 'loaded', stage, settings });
      if (stage === 'draft') void readPublicReading();
      return settings;
    },
    [api, dispatch, readPublicReading],
  );

  return { load, readPublicReading };
}

/** Publishing and scheduling, each after saving unsaved edits first. */
function usePublishing(deps: {
  api: SettingsApi;
  lockRef: MutableRefObject<DraftLockControls | null>;
  stateRef: MutableRefObject<EditorState>;
  dispatch: Dispatch<EditorAction>;
  load: (stage: EditorStage) => Promise<SettingsRecord | null>;
  performSave: () => Promise<SaveOutcome>;
}) {
  const { api, lockRef, stateRef, dispatch, load, performSave } = deps;
  const publishing = useRef(false);
  const client = useQueryClient();
  /**
   * SPEC §4 publish sequence (and a schedule's, issue 14): in the draft stage, holding the lock, with
   * unsaved edits, save them first, so what goes live is what the admin sees; then `call`.
   */
  const afterSavingFirst = useCallback(
    async (call: () => ReturnType<SettingsApi['publish']>, failedText: string): Promise<OperationResult> => {
      // SPEC §4: double submit is guarded; a second click while publishing does nothing.
      if (publishing.current || stateRef.current.busy !== null) return BUSY;
      publishing.current = true;
      try {
        dispatch({ type: 'busy', operation: 'publishing' });
        const now = stateRef.current;
        const lockStatus = lockRef.current?.state.status ?? 'loading';
        const draftEmpty = now.stage === 'draft' && now.baseline !== null && now.baseline.updated_at === null;
        if (shouldSaveBeforePublish({ stage: now.stage, lock: lockStatus, dirty: isDirty(now), draftEmpty })) {
          const saved = await performSave();
          if (!saved.ok) {
            dispatch({ type: 'failed', message: saved.message });
            return fail(saved.message);
          }
        }
        const result = await call();
        if (!result.ok) {
          const message = failureText(result, failedText);
          dispatch({ type: 'failed', message });
          return fail(message);
        }
        return { ok: true };
      } finally {
        publishing.current = false;
      }
    },
    [dispatch, lockRef, performSave, stateRef],
  );

  const publish = useCallback(
    async (choice: PublishChoice): Promise<OperationResult> => {
      const outcome = await afterSavingFirst(() => api.publish(choice.kind === 'snapshot' ? choice.id : null), EDITOR_TEXTS.publishFailed);
      if (!outcome.ok) return outcome;
      // Issue 25: after publishing the admin goes on editing; the notice says what went live.
      rememberStage('draft');
      // A published snapshot is marked so in the lists; the shell's quick links are live's.
      await Promise.all([load('draft'), client.invalidateQueries({ queryKey: queryKeys.snapshots }), client.invalidateQueries({ queryKey: queryKeys.liveSettings })]);
      dispatch({ type: 'done', notice: { tone: 'success', text: publishedNoticeText(choice) } });
      return outcome;
    },
    [afterSavingFirst, api, client, dispatch, load],
  );

  /** Issue 14: the same sequence, but the publish happens at `at`; the editor stays where it is. */
  const schedulePublish = useCallback(
    async (choice: PublishChoice, at: string): Promise<OperationResult> => {
      const outcome = await afterSavingFirst(() => api.schedulePublish(at, choice.kind === 'snapshot' ? choice.id : null), EDITOR_TEXTS.scheduleFailed);
      if (!outcome.ok) return outcome;
      // The header lists the new schedule; the snapshot made for it joins the snapshot lists.
      await Promise.all([
        load(stateRef.current.stage),
        client.invalidateQueries({ queryKey: queryKeys.schedules }),
        client.invalidateQueries({ queryKey: queryKeys.snapshots }),
      ]);
      dispatch({ type: 'done', notice: { tone: 'success', text: scheduledNoticeText(choice, at) } });
      return outcome;
    },
    [afterSavingFirst, api, client, dispatch, load, stateRef],
  );

  return { publish, schedulePublish };
}
