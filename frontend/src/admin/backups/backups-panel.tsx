import { useCallback, useEffect, useId, useState } from 'react';
import { api, errorText } from '../../shared/api';
import { formatWhen } from '../../shared/format-when';
import '../ui/ui.css';
import './backups.css';

interface BackupItem {
  name: string;
  size: number;
  created_at: string;
}

interface BackupStatusAnswer {
  configured: boolean;
  target: string | null;
  every_seconds: number;
  keep: number;
  encrypted: boolean;
  age_seconds: number | null;
  status: 'ok' | 'degraded' | 'off';
}

interface BackupsAnswer {
  backups: BackupItem[];
  status: BackupStatusAnswer;
}

type Phase = { kind: 'loading' } | { kind: 'hidden' } | { kind: 'error'; message: string } | { kind: 'ready'; data: BackupsAnswer };

/** 1.2 GB, 340 MB, 12 KB: sizes as a person reads them. */
export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** 'every day', 'every 6 hours', 'every 30 minutes'. */
export function formatInterval(seconds: number): string {
  const every = (n: number, unit: string) => (n === 1 ? `every ${unit}` : `every ${n} ${unit}s`);
  if (seconds % 86_400 === 0) return every(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return every(seconds / 3600, 'hour');
  return every(Math.round(seconds / 60), 'minute');
}

/**
 * The Backups panel (issue 29), under Admin Access on the General page: the kept backups with size,
 * time and Download, and 'Back up now'. Admins only: the server answers 403 to anyone else (the
 * read-only auditor included), and the panel then shows nothing at all.
 */
export function BackupsPanel() {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [taking, setTaking] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);

  const load = useCallback(async () => {
    const result = await api.get<BackupsAnswer>('/api/admin/backups');
    if (result.status === 403 || result.status === 401) setPhase({ kind: 'hidden' });
    else if (result.ok && result.body) setPhase({ kind: 'ready', data: result.body });
    else setPhase({ kind: 'error', message: errorText(result, 'The backups could not be loaded.') });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const takeNow = async () => {
    setTaking(true);
    setNotice(null);
    const result = await api.post<{ backup: BackupItem }>('/api/admin/backups', {});
    setTaking(false);
    if (result.ok && result.body) {
      setNotice({ kind: 'status', text: `Backup taken: ${result.body.backup.name} (${formatSize(result.body.backup.size)}).` });
      await load();
    } else setNotice({ kind: 'alert', text: errorText(result, 'The backup could not be taken.') });
  };

  if (phase.kind === 'hidden') return null;
  const status = phase.kind === 'ready' ? phase.data.status : null;
  return (
    <section className="kit-panel admin-backups" aria-labelledby={`${id}-title`} aria-busy={phase.kind === 'loading' || taking || undefined}>
      <header className="admin-backups__head">
        <h2 id={`${id}-title`} className="admin-backups__title">
          Backups
        </h2>
        <p className="admin-backups__lead">
          The whole site in one file: every change ever recorded, and every media file. Restore it with <code>npm run restore</code> (see the README’s
          Backups section).
        </p>
        {status?.configured ? (
          <p className="admin-backups__muted">
            Taken {formatInterval(status.every_seconds)} into <code>{status.target}</code>, the newest {status.keep} kept
            {status.encrypted ? ', encrypted' : ''}.
            {status.status === 'degraded' ? <strong className="admin-backups__warning"> The last backup is overdue.</strong> : null}
          </p>
        ) : status ? (
          <p className="admin-backups__muted" id={`${id}-off`}>
            Scheduled backups are off: set BACKUP_DIR (a folder or s3://bucket/prefix) on the server to turn them on. Back up now needs it too: it is where a backup is kept.
          </p>
        ) : null}
      </header>

      {phase.kind === 'loading' ? (
        <p className="admin-backups__muted" role="status">
          Loading backups
        </p>
      ) : null}
      {phase.kind === 'error' ? (
        <p className="admin-error" role="alert">
          {phase.message}{' '}
          <button type="button" className="admin-button admin-button--small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      ) : null}

      {phase.kind === 'ready' ? (
        <>
          {phase.data.backups.length === 0 ? (
            <p className="admin-backups__muted">No backup kept yet.</p>
          ) : (
            <table className="admin-backups__table">
              <caption className="admin-backups__caption">Kept backups, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Taken</th>
                  <th scope="col">Size</th>
                  <th scope="col">
                    <span className="admin-backups__sr">File</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {phase.data.backups.map((backup) => {
                  // Seconds: two backups taken a moment apart must not read the same.
                  const taken = formatWhen(backup.created_at, { seconds: true });
                  return (
                    <tr key={backup.name}>
                      <td>
                        <time dateTime={backup.created_at}>{taken}</time>
                      </td>
                      <td>{formatSize(backup.size)}</td>
                      <td>
                        <a className="admin-button admin-button--small" href={`/api/admin/backups/${encodeURIComponent(backup.name)}/download`} download={backup.name}
                          aria-label={`Download the backup of ${taken}`}>
                          Download
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <div className="admin-backups__actions">
            {/* The panel's one action, drawn as such: unstyled, its disabled state all but vanished (a first-day walk-through). */}
            <button
              type="button"
              className="admin-button admin-button--primary"
              disabled={taking || !status?.configured}
              aria-describedby={status && !status.configured ? `${id}-off` : undefined}
              onClick={() => void takeNow()}
            >
              {taking ? 'Backing up…' : 'Back up now'}
            </button>
          </div>
        </>
      ) : null}
      {notice ? (
        <p className={notice.kind === 'alert' ? 'admin-error' : 'admin-backups__muted'} role={notice.kind}>
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}
