/**
 * Issue 12 point 4: when the lock goes (Release, or another admin takes an expired lock) while
 * edits are unsaved, they are kept on this device; when this admin holds the lock again the draft
 * is reloaded (others may have saved meanwhile) and the kept edits are offered back on top of it.
 */
import { useEffect, useRef, useState } from 'react';
import { formatWhen } from '../../shared/format-when';
import { changesForSave } from './draft-editor';
import { useEditor } from './editor-context';
import { forgetKeptEdits, keepEdits, readKeptEdits, type KeptEdits } from './kept-edits';
import { SETTINGS_FIELD_LABELS } from './publish-changes';

export function KeptEditsBanner() {
  const { editor, lock, myEmail } = useEditor();
  const status = lock.state.status;
  const [kept, setKept] = useState<KeptEdits | null>(() => readKeptEdits(myEmail));
  const previous = useRef(status);
  const editorRef = useRef(editor);
  editorRef.current = editor;

  useEffect(() => setKept(readKeptEdits(myEmail)), [myEmail]);

  // Someone else held the lock since this editor last did: the draft on screen may be stale.
  const otherHadIt = useRef(false);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    const { state, dirty } = editorRef.current;
    const keep = () => {
      if (myEmail && state.baseline && state.current) setKept(keepEdits(myEmail, changesForSave(state.baseline, state.current, state.pinned)));
    };
    if (status === 'other') otherHadIt.current = true;
    if (was === 'mine' && (status === 'none' || status === 'other') && dirty) keep();
    // Taking the lock back after another admin had it: reload, so what they saved shows before
    // editing goes on. Edits still on screen are kept first (restorable); never while a save or
    // publish is under way (that operation took the lock itself and sends only its changes).
    if (status === 'mine' && otherHadIt.current) {
      otherHadIt.current = false;
      if (state.busy === null) {
        if (dirty) keep();
        void editorRef.current.reload();
      }
    }
  }, [status, myEmail]);

  if (kept === null) return null;
  const fields = Object.keys(kept.changes).map((f) => SETTINGS_FIELD_LABELS[f as keyof typeof SETTINGS_FIELD_LABELS] ?? f);
  const canRestore = status === 'mine' && !editor.dirty && editor.state.current !== null && editor.state.stage === 'draft';
  return (
    <div className="ed-message ed-message--info ed-kept-edits" role="status">
      <p>
        Unsaved changes from {formatWhen(kept.keptAt)} are kept on this device ({fields.join(', ')}).{' '}
        {canRestore ? 'Restore them into the draft to review and save them.' : status === 'mine' ? '' : 'You can restore them once you hold the draft lock.'}
      </p>
      <div className="ed-kept-edits__actions">
        {canRestore ? (
          <button
            type="button"
            className="ed-button ed-button--small ed-button--primary"
            onClick={() => {
              editor.update(kept.changes);
              forgetKeptEdits();
              setKept(null);
            }}
          >
            Restore my changes
          </button>
        ) : null}
        <button
          type="button"
          className="ed-button ed-button--small"
          onClick={() => {
            forgetKeptEdits();
            setKept(null);
          }}
        >
          Discard them
        </button>
      </div>
    </div>
  );
}
