import './ui.css';

/**
 * Under a list screen's filters: a live status line (loading, then what the list shows) and, when
 * the list could not be read, the reason as an alert. Screen readers hear both as they change.
 */
export function ListStatus({ className, text, error }: { className: string; text: string; error: string | null }) {
  return (
    <>
      <p className={className} role="status">
        {text}
      </p>
      {error !== null ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A read that failed: the reason as an alert, with Retry beside it (editing screens, dialogs, media lists). */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="kit-message kit-message--error kit-load-error" role="alert">
      <span>{message}</span>
      <button type="button" className="kit-button kit-button--small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
