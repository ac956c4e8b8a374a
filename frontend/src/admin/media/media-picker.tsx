/**
 * The media picker modal (SPEC §2, §4): opened from an image or video field; search, upload and a
 * grid of the library's files of that kind. States: loading, list, error, uploading. Choosing a
 * file, or uploading one, hands its URL back to the field.
 */
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatKilobytes, type MediaKind } from '@punchline/domain';
import { ModalDialog } from '../ui/modal-dialog';
import { MEDIA_SEARCH_DEBOUNCE_MS, filterByKind } from './media-library';
import { MediaThumb } from './media-thumb';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useMediaList } from './use-media-list';
import { UploadButton } from './upload-button';
import { useUploader } from './use-uploader';
import { LoadError } from '../ui/list-status';
import { MEDIA_TEXTS } from './media-texts';
import './media.css';

export interface MediaPickerProps {
  open: boolean;
  kind: MediaKind;
  /** The field's label, for the dialog title ('Choose hero image'). */
  fieldLabel: string;
  onSelect: (url: string) => void;
  onClose: () => void;
}

/**
 * Rendered into <body>: the fields it serves sit inside the editor's <form>, and Enter in the
 * picker's search box must not submit (save) that form.
 */
export function MediaPicker(props: MediaPickerProps) {
  return createPortal(<MediaPickerDialog {...props} />, document.body);
}

function MediaPickerDialog({ open, kind, fieldLabel, onSelect, onClose }: MediaPickerProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  const uploader = useUploader();
  return (
    <ModalDialog
      open={open}
      title={`Choose ${fieldLabel.toLowerCase()}`}
      onClose={onClose}
      size="large"
      initialFocusRef={searchRef}
      dismissible={!uploader.uploading}
    >
      {open ? <PickerBody kind={kind} searchRef={searchRef} uploader={uploader} onSelect={onSelect} /> : null}
    </ModalDialog>
  );
}

function PickerBody({
  kind,
  searchRef,
  uploader,
  onSelect,
}: {
  kind: MediaKind;
  searchRef: React.RefObject<HTMLInputElement | null>;
  uploader: ReturnType<typeof useUploader>;
  onSelect: (url: string) => void;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, MEDIA_SEARCH_DEBOUNCE_MS);
  const list = useMediaList({ sort: 'updated_at', direction: 'desc', q });
  const [uploadError, setUploadError] = useState<string | null>(null);
  const files = filterByKind(list.items, kind);
  const noun = kind === 'video' ? 'videos' : 'images';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    const [result] = await uploader.upload([file]);
    if (result.ok) onSelect(result.value.url);
    else setUploadError(result.error);
  };

  const state = uploader.uploading ? 'uploading' : list.status === 'error' ? 'error' : list.status === 'loading' && list.items.length === 0 ? 'loading' : 'list';

  return (
    <div className="md-picker" data-state={state}>
      <div className="md-picker__bar">
        <div className="md-picker__search">
          <label htmlFor={searchId} className="kit-field__label">
            Search {noun}
          </label>
          <input
            ref={searchRef}
            id={searchId}
            className="kit-input"
            type="search"
            value={search}
            autoComplete="off"
            placeholder="Search by file name"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <UploadButton uploader={uploader} kind={kind} tone="primary" onFiles={(files) => void onFile(files[0])}>
          Upload new {kind}
        </UploadButton>
      </div>

      {state === 'uploading' && uploader.progress ? (
        <div className="md-picker__status" role="status">
          <progress className="md-progress" max={1} value={uploader.progress.fraction} aria-label="Upload progress" />
        </div>
      ) : null}
      {uploadError ? (
        <p className="kit-message kit-message--error" role="alert">
          {uploadError}
        </p>
      ) : null}

      {state === 'loading' ? (
        <p className="kit-muted md-picker__status" role="status">
          Loading media…
        </p>
      ) : null}
      {list.status === 'error' ? (
        <LoadError message={list.error ?? MEDIA_TEXTS.loadFailed} onRetry={list.reload} />
      ) : null}
      {list.status !== 'error' && !(list.status === 'loading' && list.items.length === 0) ? (
        files.length === 0 ? (
          <p className="md-empty">{q.trim() !== '' ? `No ${noun} match your search.` : `No ${noun} in the library yet. Upload one.`}</p>
        ) : (
          <ul className="md-picker__grid" aria-label={`Library ${noun}`} aria-busy={list.status === 'loading' || undefined}>
            {files.map((item) => (
              <li key={item.path}>
                <button type="button" className="md-pick" onClick={() => onSelect(item.url)} disabled={uploader.uploading}>
                  <MediaThumb item={item} />
                  <span className="md-pick__name" title={item.name}>
                    <span className="visually-hidden">Select </span>
                    {item.name}
                  </span>
                  <span className="md-pick__meta">{formatKilobytes(item.size)}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
