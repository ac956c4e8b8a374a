import { UploadButton } from './upload-button';
import type { useUploader } from './use-uploader';

/** The Media Manager's Upload button (several files at once) and its progress bar, in the header. */
export function MediaUploader({ uploader, onFiles }: { uploader: ReturnType<typeof useUploader>; onFiles: (files: File[]) => void }) {
  return (
    <div className="md-header__upload">
      <UploadButton uploader={uploader} multiple tone="primary" onFiles={onFiles}>
        Upload
      </UploadButton>
      {uploader.progress ? <progress className="md-progress" max={1} value={uploader.progress.fraction} aria-label="Upload progress" /> : null}
    </div>
  );
}
