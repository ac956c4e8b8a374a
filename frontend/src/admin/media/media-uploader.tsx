import { useRef } from 'react';
import { uploadAccept } from './media-library';
import { uploadingLabel, type useUploader } from './use-uploader';

/** The Media Manager's Upload button (several files at once) and its progress bar, in the header. */
export function MediaUploader({ uploader, onFiles }: { uploader: ReturnType<typeof useUploader>; onFiles: (files: File[]) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="md-header__upload">
      <input
        ref={fileInput}
        type="file"
        className="visually-hidden"
        accept={uploadAccept()}
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
      <button type="button" className="ed-button ed-button--primary" onClick={() => fileInput.current?.click()} disabled={uploader.uploading}>
        {uploader.progress ? uploadingLabel(uploader.progress) : 'Upload'}
      </button>
      {uploader.progress ? <progress className="md-progress" max={1} value={uploader.progress.fraction} aria-label="Upload progress" /> : null}
    </div>
  );
}
