/**
 * 'Download export' (issue 25): the whole event log as NDJSON with its hash chain
 * (GET /api/admin/audit/export; `npm run verify -- --file` checks it offline). A plain link: the
 * browser streams the file to disk under the name the server gives it, however long the log.
 */
const AUDIT_EXPORT_PATH = '/api/admin/audit/export';

export function ExportDownload({ className = 'kit-button' }: { className?: string }) {
  return (
    <a className={className} href={AUDIT_EXPORT_PATH} download>
      Download export<span className="visually-hidden"> of the whole event log (NDJSON, every event with its hash)</span>
    </a>
  );
}
