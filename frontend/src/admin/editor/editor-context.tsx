/** One editing session per screen: the settings hook, the lock hook and the derived controls, shared with every field. */
import type { SettingsRecord } from '@punchline/domain';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { editorControls, type EditorControls } from './draft-editor';
import type { LockTiming } from './draft-lock';
import { settingsApi, type SettingsApi } from './settings-api';
import { useProvenanceData, useSchedules, type ProvenanceMap, type ScheduleControls } from './api/editor-queries';
import { rememberedStage, useDraftEditor, type DraftEditorControls } from './use-draft-editor';
import { useDraftLock, type DraftLockControls } from './use-draft-lock';

export interface EditorContextValue {
  editor: DraftEditorControls;
  lock: DraftLockControls;
  controls: EditorControls;
  /** Pending scheduled publishes (issue 14), refreshed after the dialog schedules one. */
  schedules: ScheduleControls;
  /** Who last changed each field of the draft, and when (issue 10). */
  provenance: ProvenanceMap;
  myEmail: string | null;
}

const EditorContext = createContext<EditorContextValue | null>(null);

export interface DraftEditorProviderProps {
  myEmail: string | null;
  children: ReactNode;
  timing?: Partial<LockTiming>;
  api?: SettingsApi;
}

export function DraftEditorProvider({ myEmail, children, timing, api = settingsApi }: DraftEditorProviderProps) {
  const lockRef = useRef<DraftLockControls | null>(null);
  const editor = useDraftEditor({ lockRef, api, initialStage: rememberedStage() });
  const lock = useDraftLock({ stage: editor.state.stage, myEmail, timing, api });
  lockRef.current = lock;
  const schedules = useSchedules();
  const provenance = useProvenanceData(editor.state.baseline?.updated_at, editor.state.stage === 'draft');
  const { stage, loading, loadError, busy, current } = editor.state;
  const controls = useMemo(
    () =>
      editorControls({
        stage,
        lock: lock.state.status,
        lockPending: lock.state.pending,
        dirty: editor.dirty,
        busy,
        ready: !loading && loadError === null && current !== null,
      }),
    [stage, lock.state.status, lock.state.pending, editor.dirty, busy, loading, loadError, current],
  );
  const value = useMemo(() => ({ editor, lock, controls, schedules, provenance, myEmail }), [editor, lock, controls, schedules, provenance, myEmail]);
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor must be used inside <DraftEditorProvider>.');
  return value;
}

export interface EditorForm {
  settings: SettingsRecord;
  update: (patch: Partial<SettingsRecord>) => void;
  canEdit: boolean;
}

/** For form fields: the record being edited (only rendered once it is loaded). */
export function useEditorForm(): EditorForm {
  const { editor, controls } = useEditor();
  const settings = editor.state.current;
  if (settings === null) throw new Error('useEditorForm is used before the settings are loaded.');
  return { settings, update: editor.update, canEdit: controls.canEdit };
}
