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
