import type { NoticeState } from './media-manager.state';

interface MediaNoticesProps {
  state: NoticeState;
  /** Why the usage map could not be read, shown while a Used/Unused filter is on. */
  usageError: string | null;
  onUploadCopies: () => void;
  onDismiss: () => void;
}

/** What the last action did, with 'Upload a copy anyway' after identical bytes, and Dismiss. */
export function MediaNotices({ state: { notice, identical }, usageError, onUploadCopies, onDismiss }: MediaNoticesProps) {
  return (
    <div className="md-notices" aria-live="polite">
      {notice ? (
        <p className={`kit-notice kit-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          {identical.length > 0 ? (
            <button type="button" className="kit-button kit-button--small" onClick={onUploadCopies}>
              Upload {identical.length === 1 ? 'a copy' : 'copies'} anyway
            </button>
          ) : null}
          <button type="button" className="kit-button kit-button--small kit-button--ghost" onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
      {usageError ? (
        <p className="kit-message kit-message--error" role="alert">
          {usageError} All files are shown.
        </p>
      ) : null}
    </div>
  );
}
