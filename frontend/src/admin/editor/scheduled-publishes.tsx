/**
 * Pending scheduled publishes (issue 14) in the editor header: what goes live when, in the admin's
 * time with the zone named once (issue 25), who scheduled it, and a Cancel that asks first and then
 * offers to put the draft back. The list comes from `useSchedules` (api/editor-queries): read when the
 * screen opens, after the admin schedules or cancels, and every minute.
 */
import { scheduledSnapshotLabel, type ScheduleView } from '@punchline/domain';
import { useEffect, useId, useState } from 'react';
import { useEditor } from './editor-context';
import { ConfirmDialog } from '../ui/modal-dialog';
import { momentText } from './publish-schedule';

/** The snapshot's label; the one a schedule of the current draft gets names its time, so it is not repeated. */
function scheduleName(schedule: ScheduleView): string {
  const label = schedule.snapshot_label?.trim();
  if (label && label === scheduledSnapshotLabel(schedule.at)) return 'The draft saved for this schedule';
  return label || 'Untitled snapshot';
}

function snapshotName(schedule: ScheduleView): string {
  return schedule.snapshot_label?.trim() || 'Untitled snapshot';
}

type Cancelled = { name: string; snapshot: string };

export function ScheduledPublishes() {
  const { schedules: controls, editor } = useEditor();
  const [confirming, setConfirming] = useState<ScheduleView | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [cancelled, setCancelled] = useState<Cancelled | null>(null);
  const headingId = useId();
  const { schedules, error } = controls;
  // A publish the admin just saw happen (live reloaded) may have been a scheduled one: look again.
  const liveVersion = editor.state.stage === 'live' ? editor.state.baseline?.updated_at : null;
  const { refresh } = controls;
  useEffect(() => {
    if (liveVersion !== undefined) void refresh();
  }, [liveVersion, refresh]);

  if (schedules.length === 0 && !error && !message && !cancelled) return null;
  return (
    <section className="ed-schedules" aria-labelledby={headingId}>
      <h2 id={headingId} className="ed-schedules__title">
        Scheduled publishes
      </h2>
      {error ? (
        <p className="kit-message kit-message--error" role="alert">
          {error}
        </p>
      ) : null}
      {schedules.length > 0 ? (
        <ul className="ed-schedules__list">
          {schedules.map((schedule) => (
            <li key={schedule.id} className="ed-schedules__item">
              <span>
                <strong>{scheduleName(schedule)}</strong> goes live <time dateTime={schedule.at}>{momentText(schedule.at)}</time>{' '}
                <span className="kit-muted">· scheduled by {schedule.created_by}</span>
              </span>
              <button type="button" className="kit-button kit-button--small" onClick={() => setConfirming(schedule)} aria-label={`Cancel the scheduled publish of ${scheduleName(schedule)}`}>
                Cancel
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div aria-live="polite">
        {message ? (
          <p className={`kit-message kit-message--${message.tone === 'error' ? 'error' : 'info'}`} role={message.tone === 'error' ? 'alert' : undefined}>
            {message.text}
          </p>
        ) : null}
        {cancelled ? <CancelledNote cancelled={cancelled} onDone={() => setCancelled(null)} /> : null}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Cancel this scheduled publish?"
        message={
          confirming ? (
            <p>
              ‘{scheduleName(confirming)}’ will not go live on {momentText(confirming.at)}. What stays: the snapshot ‘{snapshotName(confirming)}’ (under
              Snapshots, to publish or schedule later) and the draft as it is now. Live does not change.
            </p>
          ) : null
        }
        confirmLabel="Cancel scheduled publish"
        cancelLabel="Keep it"
        tone="danger"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const target = confirming;
          if (!target) return;
          setBusy(true);
          void controls.cancel(target.id).then((outcome) => {
            setBusy(false);
            setConfirming(null);
            setMessage(outcome.ok ? null : { tone: 'error', text: outcome.message });
            setCancelled(outcome.ok ? { name: scheduleName(target), snapshot: snapshotName(target) } : null);
            // The 'Scheduled … to go live' notice no longer holds.
            if (outcome.ok) editor.dismissNotice();
          });
        }}
      />
    </section>
  );
}

/**
 * After a cancel (issue 25): what stays, and the offer to put the draft back to what visitors see,
 * since a scheduled draft's changes stay in the draft (they are safe in the snapshot either way).
 */
function CancelledNote({ cancelled, onDone }: { cancelled: Cancelled; onDone: () => void }) {
  const { editor, controls } = useEditor();
  const [working, setWorking] = useState(false);
  return (
    <div className="kit-message kit-message--info ed-schedules__cancelled">
      <p>
        Cancelled the scheduled publish of ‘{cancelled.name}’. The snapshot ‘{cancelled.snapshot}’ stays under Snapshots, and the draft still holds its changes.
      </p>
      <div className="ed-kept-edits__actions">
        <button
          type="button"
          className="kit-button kit-button--small"
          disabled={!controls.canPull || working}
          onClick={() => {
            setWorking(true);
            void editor.pullLive().then((outcome) => {
              setWorking(false);
              if (outcome.ok) onDone();
            });
          }}
        >
          {working ? 'Putting back…' : `Put the draft back to what is live${editor.dirty ? ' (discards unsaved changes)' : ''}`}
        </button>
        <button type="button" className="kit-button kit-button--small" onClick={onDone}>
          Keep the draft
        </button>
      </div>
    </div>
  );
}
