/**
 * Site history (issue 10, DESIGN §13), reached from the Audit Log: the timeline of live or the
 * draft; tick two points to see what changed between them; view the public site as it was; restore
 * a point into the draft; roll live back to a publish; verify the log's integrity.
 */
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SETTINGS_FIELD_LABELS, withLocalTimes } from '@punchline/domain';
import { formatWhen } from '../../shared/format-when';
import { useSession } from '../../shared/session';
import { CheckpointPanel } from './checkpoint-panel';
import { ConfirmDialog } from '../ui/modal-dialog';
import { ChangeList } from './change-list';
import type { HistoryItem, HistoryStage } from './history-api';
import { ExportDownload } from '../audit/export-download';
import { type Pending, useComparePoints, usePointActions, useTimeline, useVerify } from './use-site-history';
import { VerifyOutcome } from './verify-outcome';
import '../ui/ui.css';
import './history.css';

const LIVE_VERSIONS = new Set(['Published', 'LiveRolledBack']);

const stageName = (stage: HistoryStage) => (stage === 'live' ? 'live site' : 'draft');

export function SiteHistoryPage() {
  // ?stage=draft&field=hero_title: a field's history, as the editors' 'history' links open it.
  const [params, setParams] = useSearchParams();
  const field = params.get('field');
  const fieldLabel = field ? ((SETTINGS_FIELD_LABELS as Record<string, string>)[field] ?? field) : null;
  const [stage, setStage] = useState<HistoryStage>(params.get('stage') === 'draft' ? 'draft' : 'live');
  const { items, nextBefore, loadError, loading, load } = useTimeline(stage);
  const { picked, diff, toggle } = useComparePoints(stage);
  const actions = usePointActions(stage, items, () => void load(stage));
  const { verify, runVerify } = useVerify();
  const id = useId();
  const readOnly = useSession().isAuditor;

  return (
    <div className="admin-screen kit-root hs-screen">
      <header className="admin-screen__head">
        <h1 className="admin-screen__title">Site history</h1>
        <p className="admin-screen__lead">
          Every change to the live site and the draft, from the event log. <Link to="/admin/audit">Back to the Audit Log</Link>
        </p>
      </header>

      <div className="hs-bar">
        <fieldset className="kit-segmented">
          <legend className="kit-segmented__legend">Timeline of</legend>
          {(['live', 'draft'] as const).map((option) => (
            <label key={option} className={`kit-segmented__option${stage === option ? ' is-selected' : ''}`}>
              <input type="radio" name={`${id}-stage`} value={option} checked={stage === option} onChange={() => setStage(option)} />
              <span>{option === 'live' ? 'Live site' : 'Draft'}</span>
            </label>
          ))}
        </fieldset>
        <button type="button" className="kit-button" onClick={() => void runVerify()} disabled={verify === 'running'}>
          {verify === 'running' ? 'Verifying…' : 'Verify integrity'}
        </button>
        <ExportDownload />
      </div>
      <VerifyOutcome result={verify} />
      <CheckpointPanel open={readOnly} />

      <div aria-live="polite">
        {actions.notice ? (
          <p className={`kit-message kit-message--${actions.notice.tone === 'error' ? 'error' : 'info'}`} role={actions.notice.tone === 'error' ? 'alert' : undefined}>
            {actions.notice.text}
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
      {!loading && items.length === 0 && !loadError ? <p className="hs-muted">Nothing has changed on the {stageName(stage)} yet.</p> : null}

      {fieldLabel ? (
        <p className="kit-message kit-message--info">
          Showing changes to {fieldLabel} only.{' '}
          <button type="button" className="kit-button kit-button--small" onClick={() => setParams({ stage })}>
            Show all changes
          </button>
        </p>
      ) : null}
      <ol className="hs-timeline" aria-label={`Timeline of the ${stageName(stage)}`}>
        {items
          .filter((item) => field === null || item.fields.includes(field))
          .map((item) => (
            <TimelineItem
              key={item.position}
              item={item}
              picked={picked.includes(item.position)}
              onToggle={() => toggle(item.position)}
              canRestore={!readOnly}
              canRollBack={!readOnly && stage === 'live' && LIVE_VERSIONS.has(item.action)}
              onAsk={(kind) => void actions.ask(kind, item)}
            />
          ))}
      </ol>
      {nextBefore !== null ? (
        <button type="button" className="kit-button" onClick={() => void load(stage, nextBefore)} disabled={loading}>
          {loading ? 'Loading…' : 'Show older changes'}
        </button>
      ) : null}

      <PointDialog stage={stage} pending={actions.pending} busy={actions.busy} onCancel={actions.cancel} onConfirm={() => void actions.confirm()} />
    </div>
  );
}

interface TimelineItemProps {
  item: HistoryItem;
  picked: boolean;
  onToggle: () => void;
  canRestore: boolean;
  canRollBack: boolean;
  onAsk: (kind: 'rollback' | 'restore') => void;
}

/** One point of the timeline: tick it to compare, view the site as it was, restore it or roll back to it. */
function TimelineItem({ item, picked, onToggle, canRestore, canRollBack, onAsk }: TimelineItemProps) {
  const when = formatWhen(item.occurred_at, { seconds: true });
  return (
    <li className="hs-item">
      <label className="hs-pick">
        <input type="checkbox" checked={picked} onChange={onToggle} />
        <span className="visually-hidden">Compare the point of {when}</span>
      </label>
      <div className="hs-item__body">
        {/* The server's sentence names instants in UTC; the screen reads them as its other dates, in local time. */}
        <p className="hs-item__summary">{withLocalTimes(item.summary, (iso) => formatWhen(iso))}</p>
        <p className="hs-muted">
          <time dateTime={item.occurred_at}>{when}</time> · {item.actor_email ?? 'system'} · point {item.position}
        </p>
      </div>
      <div className="hs-item__actions">
        <a className="kit-button kit-button--small" href={`/?at=${item.position}`} target="_blank" rel="noopener">
          View the site as it was<span className="visually-hidden"> on {when} (opens in a new tab)</span>
        </a>
        {/* Auditors read only (DESIGN §15): no restore, no rollback. */}
        {canRestore ? (
          <button type="button" className="kit-button kit-button--small" onClick={() => onAsk('restore')}>
            Restore into draft
          </button>
        ) : null}
        {canRollBack ? (
          <button type="button" className="kit-button kit-button--small kit-button--danger-ghost" onClick={() => onAsk('rollback')}>
            Roll back live to this publish
          </button>
        ) : null}
      </div>
    </li>
  );
}

interface PointDialogProps {
  stage: HistoryStage;
  pending: Pending;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before a restore or a rollback, with what it changes. */
function PointDialog({ stage, pending, busy, onCancel, onConfirm }: PointDialogProps) {
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending?.kind === 'rollback' ? 'Roll back the live site?' : 'Restore this point into the draft?'}
      message={
        pending ? (
          <>
            <p>
              {pending.kind === 'rollback'
                ? `Every visitor will see the site as it was after the publish of ${formatWhen(pending.item.occurred_at, { seconds: true })}. The draft stays as it is.`
                : `The draft becomes the ${stageName(stage)} as it was on ${formatWhen(pending.item.occurred_at, { seconds: true })}. Nothing goes live. Open editors show the restored draft.`}
            </p>
            {pending.changes === null ? <p className="hs-muted">Listing what changes…</p> : <ChangeList changes={pending.changes} label="What changes" />}
          </>
        ) : null
      }
      confirmLabel={pending?.kind === 'rollback' ? 'Roll back live' : 'Restore into draft'}
      tone={pending?.kind === 'rollback' ? 'danger' : 'primary'}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
