import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest, errorText } from '../../shared/api';
import { formatWhen } from '../../shared/format-when';
import { ApiError, getJson, queryKeys } from '../data/api-query';

const MAX_SENT = 256 * 1024;

interface PublicKey {
  key_name: string;
  verifier_key: string;
}

const LOAD_FAILED = 'Failed to load the checkpoint.';

/** GET /api/log/checkpoint: text/plain, so not through the JSON client. */
async function loadCheckpoint({ signal }: { signal: AbortSignal }): Promise<string> {
  const res = await fetch('/api/log/checkpoint', { credentials: 'same-origin', signal });
  if (!res.ok) throw new ApiError({ ok: false, status: res.status, body: null, error: null, errorBody: null }, LOAD_FAILED);
  return res.text();
}

const checkpointQuery = { queryKey: queryKeys.logCheckpoint, queryFn: loadCheckpoint };

/** The tree size a checkpoint signs (its second line). */
function checkpointSize(checkpoint: string): string | undefined {
  return checkpoint.split('\n')[1];
}

type CheckResult =
  | { verdict: 'extends'; size: number; current_size: number; checkpoint_date: string | null; message: string }
  | { verdict: 'truncated'; size: number; current_size: number; first_difference: number; message: string }
  | { verdict: 'rewritten'; size: number; current_size: number; first_difference: number | null; message: string };

/** What the check found, in the words of DESIGN §15's screen. */
export function checkSentence(result: CheckResult): string {
  switch (result.verdict) {
    case 'extends':
      return result.checkpoint_date
        ? `This log extends the checkpoint of ${formatWhen(result.checkpoint_date, { seconds: true })} (${result.size} events then, ${result.current_size} now).`
        : `This log extends the checkpoint of ${result.size} events (${result.current_size} now).`;
    case 'truncated':
      return `The log was cut short: it has ${result.current_size} events, the checkpoint had ${result.size}. The first missing event is point ${result.first_difference}.`;
    case 'rewritten':
      return (
        `The log was rewritten: its first ${result.size} events no longer match the checkpoint.` +
        (result.first_difference === null ? ' Check an earlier export instead of a checkpoint to find where.' : ` The first event that differs is point ${result.first_difference}.`)
      );
    default: {
      const _exhaustive: never = result;
      return _exhaustive;
    }
  }
}

/**
 * DESIGN §15 on Site history: the current signed checkpoint and the log's verifier key, a download
 * of the checkpoint to keep, and the check of a checkpoint (or export) kept earlier against the log.
 * `open`: shown unfolded (auditors, whose work it is). Folded, it is one line above the timeline:
 * an admin who opens Site history came for the timeline, and the signed text and the check form
 * filled the first screen before it (found in a first-day walk-through).
 */
export function CheckpointPanel({ open = false }: { open?: boolean }) {
  const id = useId();
  const client = useQueryClient();
  // Read again whenever an action of this page appends events (usePointActions invalidates it).
  const current = useQuery(checkpointQuery);
  const key = useQuery({ queryKey: queryKeys.logPublicKey, queryFn: getJson('/api/log/public-key', (body) => (body as PublicKey | null) ?? null, LOAD_FAILED), staleTime: Infinity });
  const checkpoint = current.data ?? null;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const loadError = downloadError ?? (current.error || key.error ? LOAD_FAILED : null);
  const [earlier, setEarlier] = useState('');
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<CheckResult | { error: string } | null>(null);

  /**
   * The file kept is the checkpoint as the log stands now, read at the click (the log grows under an
   * open page: this admin's rollbacks, other admins' work); the panel then shows that one too.
   */
  const download = async () => {
    setDownloadError(null);
    let fresh: string;
    try {
      fresh = await client.fetchQuery({ ...checkpointQuery, staleTime: 0 });
    } catch {
      setDownloadError(LOAD_FAILED);
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([fresh], { type: 'text/plain' }));
    link.download = `punchline-checkpoint-${checkpointSize(fresh) ?? ''}.txt`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const check = async () => {
    setChecking(true);
    setResult(null);
    // A large export travels as its last line (its checkpoint) only: the request stays small, at the
    // price of not locating a rewrite (the command line does that with the whole file).
    const text = earlier.length > MAX_SENT && earlier.trimStart().startsWith('{') ? (earlier.trim().split('\n').pop() ?? '') : earlier;
    const answer = await apiRequest('POST', '/api/log/check', { checkpoint: text });
    setResult(answer.ok ? (answer.body as CheckResult) : { error: errorText(answer, 'Could not check that checkpoint.') });
    setChecking(false);
    // The answer names the log's size now: the panel shows the same checkpoint.
    void client.invalidateQueries({ queryKey: queryKeys.logCheckpoint });
  };

  const size = checkpoint === null ? undefined : checkpointSize(checkpoint);
  return (
    <section className="hs-checkpoint" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="hs-subtitle">
        Checkpoint
      </h2>
      <p className="hs-muted">
        A signed summary of the whole log. Keep copies: a later log that was cut short or rewritten no longer extends them.
      </p>
      {loadError ? (
        <p className="admin-error" role="alert">
          {loadError}
        </p>
      ) : null}
      <details className="hs-checkpoint__details" open={open}>
        <summary>{size ? `Show the checkpoint of ${size} events, download it, or check one kept earlier` : 'Show the checkpoint, download it, or check one kept earlier'}</summary>
        <div className="hs-checkpoint__body">
          {checkpoint ? (
            <>
              <p>Current checkpoint ({size} events):</p>
              <pre className="hs-checkpoint__text" aria-label="Current checkpoint" tabIndex={0}>
                {checkpoint}
              </pre>
              <p>
                Verifier key: <code className="hs-hash">{key.data?.verifier_key}</code>
              </p>
              <button type="button" className="kit-button" onClick={() => void download()}>
                Download checkpoint
              </button>
            </>
          ) : null}
          <form
            className="hs-checkpoint__check"
            onSubmit={(event) => {
              event.preventDefault();
              void check();
            }}
          >
            <label htmlFor={`${id}-earlier`}>Check against a checkpoint…</label>
            <p className="hs-muted" id={`${id}-hint`}>
              Paste a checkpoint kept earlier, or choose its file (a checkpoint or an export).
            </p>
            <textarea id={`${id}-earlier`} aria-describedby={`${id}-hint`} rows={5} value={earlier} onChange={(event) => setEarlier(event.target.value)} />
            <div className="hs-checkpoint__actions">
              <label className="kit-button">
                Choose a file
                <input
                  type="file"
                  className="visually-hidden"
                  accept=".txt,.ndjson,.json,text/plain,application/x-ndjson"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void file.text().then(setEarlier);
                  }}
                />
              </label>
              <button type="submit" className="kit-button" disabled={checking || earlier.trim() === ''}>
                {checking ? 'Checking…' : 'Check'}
              </button>
            </div>
          </form>
          <div aria-live="polite">
            {result && 'error' in result ? (
              <p className="kit-message kit-message--error" role="alert">
                {result.error}
              </p>
            ) : null}
            {result && 'verdict' in result ? (
              <p className={`kit-message kit-message--${result.verdict === 'extends' ? 'info' : 'error'}`} role={result.verdict === 'extends' ? 'status' : 'alert'}>
                {checkSentence(result)}
              </p>
            ) : null}
          </div>
        </div>
      </details>
    </section>
  );
}
