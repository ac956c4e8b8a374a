import { useRef, type ReactNode } from 'react';
import type { MediaKind } from '@punchline/domain';
import { uploadAccept } from './media-library';
import { uploadingLabel, type useUploader } from './use-uploader';

interface UploadButtonProps {
  uploader: ReturnType<typeof useUploader>;
  /** Which files the chooser offers (default: every kind the library takes). */
  kind?: MediaKind;
  multiple?: boolean;
  disabled?: boolean;
  /** Primary (a screen's or dialog's main action) or small (beside a field). */
  tone: 'primary' | 'small';
  /** The button's words while idle; the upload's progress replaces them while it runs. */
  children: ReactNode;
  /** Words only screen readers hear after the label (which field it uploads to). */
  srSuffix?: string;
  onFiles: (files: File[]) => void;
}

/**
 * The Media Manager's, the picker's and every media field's Upload button: it opens the file
 * chooser (a hidden input out of the tab order, so the button is the one control) and says the
 * upload's progress while it runs.
 */
export function UploadButton({ uploader, kind, multiple, disabled, tone, children, srSuffix, onFiles }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        accept={uploadAccept(kind)}
        multiple={multiple}
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again uploads it again.
          event.target.value = '';
          onFiles(files);
        }}
      />
      <button type="button" className={`kit-button kit-button--${tone}`} onClick={() => input.current?.click()} disabled={disabled || uploader.uploading}>
        {uploader.progress ? uploadingLabel(uploader.progress) : children}
        {srSuffix ? <span className="visually-hidden"> {srSuffix}</span> : null}
      </button>
    </>
  );
}
