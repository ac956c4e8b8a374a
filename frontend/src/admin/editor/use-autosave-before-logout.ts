/**
 * SPEC §4 inactivity: when the countdown reaches zero or 'Sign out now' is chosen, an eligible draft
 * (draft view, lock held by me, unsaved changes) is saved before the session ends, and the lock is
 * given back while the session can still do so.
 */
import { useBeforeAutoLogout } from '../session/auto-logout';
import { canAutoSave } from './draft-editor';
import { useEditor } from './editor-context';

export function useAutosaveBeforeLogout(): void {
  const { editor, lock, controls } = useEditor();
  useBeforeAutoLogout(async () => {
    const saved = canAutoSave({ canSave: controls.canSave, lock: lock.state.status }) ? (await editor.save()).ok : false;
    if (lock.state.status === 'mine') await lock.release();
    // Issue 25: the sign-in screen that follows says the edits were saved.
    return saved ? 'saved-draft' : undefined;
  });
}
