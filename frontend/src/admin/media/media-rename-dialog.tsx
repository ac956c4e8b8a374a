import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { renamedMediaFileName } from '@punchline/domain';
import { ModalDialog } from '../ui/modal-dialog';
import { renameMedia, type MediaItem } from './media-api';
import { renamedText } from './media-manager.state';

/** Rename (SPEC §5): the extension stays, and the server rewrites the draft and live links to the file. */
export function MediaRenameDialog({ item, onClose, onRenamed }: { item: MediaItem | null; onClose: () => void; onRenamed: (text: string) => void }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (item) {
      setName(item.name);
      setError(null);
      setBusy(false);
    }
  }, [item]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || busy) return;
    // SPEC §5: a blank or unchanged name is ignored.
    const target = renamedMediaFileName(item.name, name);
    if (target === null || target === item.name) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await renameMedia(item.path, name);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onRenamed(renamedText(result.value));
  };

  const extension = item && item.name.includes('.') ? item.name.slice(item.name.lastIndexOf('.')) : '';
  const formId = useId();
  return (
    <ModalDialog
      open={item !== null}
      title="Rename file"
      onClose={onClose}
      size="small"
      initialFocusRef={inputRef}
      dismissible={!busy}
      footer={
        <>
          <button type="button" className="kit-button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="kit-button kit-button--primary" disabled={busy}>
            {busy ? 'Renaming…' : 'Rename'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={inputId} className="kit-field__label">
          New name
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="kit-input"
          value={name}
          maxLength={200}
          autoComplete="off"
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <p id={hintId} className="kit-field__hint">
          {extension ? `The file keeps its ${extension} extension. ` : ''}Links to it in the draft and live settings are updated.
        </p>
        {error ? (
          <p className="kit-message kit-message--error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
