/**
 * Site history (issue 10, DESIGN §13), reached from the Audit Log: the timeline of live or the
 * draft; tick two points to see what changed between them; view the public site as it was; restore
 * a point into the draft; roll live back to a publish; verify the log's integrity.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SETTINGS_FIELD_LABELS, type JsonChange } from '@punchline/domain';
import { errorText } from '../../shared/api';
import { formatWhen } from '../../shared/format-when';
import { useSession } from '../../shared/session';
import { CheckpointPanel } from './checkpoint-panel';
import { ConfirmDialog } from '../ui/modal-dialog';
import { ChangeList } from './change-list';
import { historyApi, type HistoryItem, type HistoryStage, type VerifyResult } from './history-api';
import '../ui/ui.css';
import './history.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;
type Pending = { kind: 'rollback' | 'restore'; item: HistoryItem; changes: JsonChange[] | null } | null;

const LIVE_VERSIONS = new Set(['Published', 'LiveRolledBack']);

export function SiteHistoryPage() {
  // ?stage=draft&field=hero_title: a field's history, as the editors' 'history' links open it.
  const [params, setParams] = useSearchParams();
  const field = params.get('field');
  const fieldLabel = field ? ((SETTINGS_FIELD_LABELS as Record<string, string>)[field] ?? field) : null;
  const [stage, setStage] = useState<HistoryStage>(params.get('stage') === 'draft' ? 'draft' : 'live');
  const [items, setItems] = useState<HistoryItem[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: JsonChange[] } | { error: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [verify, setVerify] = useState<VerifyResult | { error: string } | 'running' | null>(null);
  const id = useId();
  const readOnly = useSession().isAuditor;

  const load = useCallback(async (which: HistoryStage, before?: number) => {
    setLoading(true);
    const result = await historyApi.timeline(which, before);
    setLoading(false);
    if (!result.ok || !result.body) {
      setLoadError(errorText(result, 'Failed to load the site history'));
      return;
    }
    setLoadError(null);
    setItems((current) => (before === undefined ? result.body!.items : [...current, ...result.body!.items]));
    setNextBefore(result.body.next_before);
  }, []);

  useEffect(() => {
    setPicked([]);
    setDiff(null);
    void load(stage);
  }, [stage, load]);

  // Two ticked points: what changed from the older to the newer.
  useEffect(() => {
    if (picked.length !== 2) {
      setDiff(null);
      return;
    }
    const [from, to] = [Math.min(...picked), Math.max(...picked)];
    let current = true;
    void historyApi.diff(stage, from, to).then((result) => {
      if (!current) return;
      setDiff(result.ok && result.body ? result.body : { error: errorText(result, 'Failed to compare the two points') });
    });
    return () => {
      current = false;
    };
  }, [picked, stage]);

  const toggle = (position: number) =>
    setPicked((current) => (current.includes(position) ? current.filter((p) => p !== position) : [...current, position].slice(-2)));

  const ask = async (kind: 'rollback' | 'restore', item: HistoryItem) => {
    setPending({ kind, item, changes: null });
    const head = items[0]?.position ?? item.position;
    const result = await historyApi.diff(kind === 'rollback' ? 'live' : 'draft', head, item.position);
    setPending((current) => (current && current.item === item ? { ...current, changes: result.ok && result.body ? result.body.changes : [] } : current));
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const result = pending.kind === 'rollback' ? await historyApi.rollback(pending.item.position) : await historyApi.restore(pending.item.position, stage);
    setBusy(false);
    const when = formatWhen(pending.item.occurred_at, { seconds: true });
    setPending(null);
    if (!result.ok) {
      setNotice({ tone: 'error', text: errorText(result, pending.kind === 'rollback' ? 'Failed to roll back live' : 'Failed to restore into the draft') });
      return;
    }
    setNotice({ tone: 'success', text: pending.kind === 'rollback' ? `Live rolled back to the publish of ${when}.` : `The draft now holds the ${stage} site as it was on ${when}.` });
    void load(stage);
  };

  const runVerify = async () => {
    setVerify('running');
    const result = await historyApi.verify();
    setVerify(result.ok && result.body ? result.body : { error: errorText(result, 'Failed to verify the log') });
  };

  return (
    <div className="admin-screen ed-root hs-screen">
      <header className="admin-screen__head">
        <h1 className="admin-screen__title">Site history</h1>
        <p className="admin-screen__lead">
          Every change to the live site and the draft, from the event log. <Link to="/admin/audit">Back to the Audit Log</Link>
        </p>
      </header>

      <div className="hs-bar">
        <fieldset className="ed-segmented">
          <legend className="ed-segmented__legend">Timeline of</legend>
          {(['live', 'draft'] as const).map((option) => (
            <label key={option} className={`ed-segmented__option${stage === option ? ' is-selected' : ''}`}>
              <input type="radio" name={`${id}-stage`} value={option} checked={stage === option} onChange={() => setStage(option)} />
              <span>{option === 'live' ? 'Live site' : 'Draft'}</span>
            </label>
          ))}
        </fieldset>
        <button type="button" className="ed-button" onClick={() => void runVerify()} disabled={verify === 'running'}>
          {verify === 'running' ? 'Verifying…' : 'Verify integrity'}
        </button>
      </div>
      <VerifyOutcome result={verify} />
      <CheckpointPanel />

      <div aria-live="polite">
        {notice ? (
          <p className={`ed-message ed-message--${notice.tone === 'error' ? 'error' : 'info'}`} role={notice.tone === 'error' ? 'alert' : undefined}>
            {notice.text}
          </p>
        ) : null}
      </div>

      <section className="hs-compare" aria-labelledby={`${id}-compare`}>
        <h2 id={`${id}-compare`} className="hs-subtitle">
          Compare
        </h2>
        {picked.length < 2 ? <p className="hs-muted">Tick two points below to see what changed between them.</p> : null}
        {diff && 'error' in diff ? <p role="alert">{diff.error}</p> : null}
        {diff && 'changes' in diff ? <ChangeList changes={diff.changes} label="Changes between the two points" /> : null}
      </section>

      {loadError ? (
        <p className="admin-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {loading && items.length === 0 ? <p className="hs-muted" role="status">Loading the history…</p> : null}
      {!loading && items.length === 0 && !loadError ? <p className="hs-muted">Nothing has changed on the {stage === 'live' ? 'live site' : 'draft'} yet.</p> : null}

      {fieldLabel ? (
        <p className="ed-message ed-message--info">
          Showing changes to {fieldLabel} only.{' '}
          <button type="button" className="ed-button ed-button--small" onClick={() => setParams({ stage })}>
            Show all changes
          </button>
        </p>
      ) : null}
      <ol className="hs-timeline" aria-label={`Timeline of the ${stage === 'live' ? 'live site' : 'draft'}`}>
        {items.filter((item) => field === null || item.fields.includes(field)).map((item) => (
          <li key={item.position} className="hs-item">
            <label className="hs-pick">
              <input type="checkbox" checked={picked.includes(item.position)} onChange={() => toggle(item.position)} />
              <span className="visually-hidden">Compare the point of {formatWhen(item.occurred_at, { seconds: true })}</span>
            </label>
            <div className="hs-item__body">
              <p className="hs-item__summary">{item.summary}</p>
              <p className="hs-muted">
                <time dateTime={item.occurred_at}>{formatWhen(item.occurred_at, { seconds: true })}</time> · {item.actor_email ?? 'system'} · point {item.position}
              </p>
            </div>
            <div className="hs-item__actions">
              <a className="ed-button ed-button--small" href={`/?at=${item.position}`} target="_blank" rel="noopener">
                View the site as it was<span className="visually-hidden"> on {formatWhen(item.occurred_at, { seconds: true })} (opens in a new tab)</span>
              </a>
              {/* Auditors read only (DESIGN §15): no restore, no rollback. */}
              {readOnly ? null : (
                <button type="button" className="ed-button ed-button--small" onClick={() => void ask('restore', item)}>
                  Restore into draft
                </button>
              )}
              {!readOnly && stage === 'live' && LIVE_VERSIONS.has(item.action) ? (
                <button type="button" className="ed-button ed-button--small ed-button--danger-ghost" onClick={() => void ask('rollback', item)}>
                  Roll back live to this publish
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {nextBefore !== null ? (
        <button type="button" className="ed-button" onClick={() => void load(stage, nextBefore)} disabled={loading}>
          {loading ? 'Loading…' : 'Show older changes'}
        </button>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'rollback' ? 'Roll back the live site?' : 'Restore this point into the draft?'}
        message={
          pending ? (
            <>
              <p>
                {pending.kind === 'rollback'
                  ? `Every visitor will see the site as it was after the publish of ${formatWhen(pending.item.occurred_at, { seconds: true })}. The draft stays as it is.`
                  : `The draft becomes the ${stage === 'live' ? 'live site' : 'draft'} as it was on ${formatWhen(pending.item.occurred_at, { seconds: true })}. You need the draft lock; nothing goes live.`}
              </p>
              {pending.changes === null ? <p className="hs-muted">Listing what changes…</p> : <ChangeList changes={pending.changes} label="What changes" />}
            </>
          ) : null
        }
        confirmLabel={pending?.kind === 'rollback' ? 'Roll back live' : 'Restore into draft'}
        tone={pending?.kind === 'rollback' ? 'danger' : 'primary'}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}

function VerifyOutcome({ result }: { result: VerifyResult | { error: string } | 'running' | null }) {
  const [copied, setCopied] = useState(false);
  if (result === null || result === 'running') return null;
  if ('error' in result) return <p role="alert">{result.error}</p>;
  if (!result.ok && result.first_invalid) {
    const bad = result.first_invalid;
    return (
      <p className="ed-message ed-message--error hs-verify" role="alert">
        Altered event found at point {bad.position}: stream {bad.stream}, {bad.type}, event {bad.event_id}. {result.verified} events before it verified.
      </p>
    );
  }
  return (
    <div className="ed-message ed-message--info hs-verify" role="status">
      <p>
        Verified: the log’s hash chain is intact over {result.verified} events.
        {result.head ? (
          <>
            {' '}
            Head at point {result.head.position}: <code className="hs-hash">{result.head.hash}</code>
          </>
        ) : null}
      </p>
      {result.head ? (
        <button
          type="button"
          className="ed-button ed-button--small"
          onClick={() => void navigator.clipboard?.writeText(`${result.head!.position} ${result.head!.hash}`).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy head hash'}
        </button>
      ) : null}
    </div>
  );
}

export default SiteHistoryPage;
