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

  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    const { state, dirty } = editorRef.current;
    if (was === 'mine' && (status === 'none' || status === 'other') && dirty && myEmail && state.baseline && state.current) {
      setKept(keepEdits(myEmail, changesForSave(state.baseline, state.current, state.pinned)));
    }
    // Taking the lock (back) after it was free or someone else's: reload, so what others saved
    // meanwhile shows before editing goes on; edits still on screen were kept above.
    if ((was === 'other' || was === 'none') && status === 'mine') void editorRef.current.reload();
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
