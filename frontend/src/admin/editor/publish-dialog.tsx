/**
 * SPEC §4 Publish to Live: choose what goes live, see what that changes on live, tick the review
 * box, publish. The current draft comes first and is preselected (issue 12): the dialog promises
 * to save unsaved edits first, so its default must be the draft those edits go into, not an older
 * snapshot. Draft snapshots follow as further choices.
 */
import type { SettingsRecord, SettingsVersionView } from '@punchline/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  CURRENT_DRAFT,
  currentDraftOptionLabel,
  publishChoiceErrors,
  publishReviewLabel,
  changesForSave,
  type PublishChoice,
} from './draft-editor';
import { useEditor } from './editor-context';
import { EDITOR_TEXTS } from './editor-texts';
import { ModalDialog } from '../ui/modal-dialog';
import { NO_PUBLISH_CHANGES_TEXT, liveAfterSnapshot, publishChanges, type PublishChangeList } from './publish-changes';
import { settingsApi, settingsFrom, versionSettingsFrom } from './settings-api';
import { formatWhen } from '../../shared/format-when';
import { instantFromLocalInput, localInputValue, localText, localTimeZone, nextFullHour, scheduleTimeError, type PublishTiming } from './publish-schedule';
import { snapshotName } from './snapshots-dialog';
import { LoadError } from '../ui/list-status';
import { usePublishRecord, useSnapshotList } from './api/editor-queries';

type ChangePreview = { state: 'loading' } | { state: 'ready'; changes: PublishChangeList } | { state: 'error'; message: string };

/**
 * What publishing `choice` changes on live. Live, the draft as the site reads it and each snapshot
 * are read once per opening of the dialog (`session` is part of their keys), so switching back and
 * forth between choices does not ask again; live first, then the choice's record.
 */
function usePublishPreview(open: boolean, choice: PublishChoice | null, draftOnScreen: SettingsRecord | null): ChangePreview {
  const { editor } = useEditor();
  const [session, setSession] = useState(0);
  useEffect(() => {
    if (!open) setSession((n) => n + 1);
  }, [open]);
  const wanted = open && choice !== null;
  const live = usePublishRecord(`${session}:live`, () => settingsApi.load('live'), settingsFrom, wanted);
  const snapshotId = choice?.kind === 'snapshot' ? choice.id : null;
  const snapshot = usePublishRecord(`${session}:snapshot:${snapshotId}`, () => settingsApi.getVersion(snapshotId ?? ''), versionSettingsFrom, wanted && snapshotId !== null && live.isSuccess);
  // The draft as the site will read it (unset fields keep their public defaults).
  const saved = usePublishRecord(`${session}:preview`, () => settingsApi.loadPreview(), settingsFrom, wanted && snapshotId === null && live.isSuccess);
  const target = snapshotId === null ? saved : snapshot;
  const { baseline, pinned } = editor.state;
  return useMemo((): ChangePreview => {
    const failed = live.error ?? target.error;
    if (failed) return { state: 'error', message: failed.message };
    if (!live.data || !target.data) return { state: 'loading' };
    if (snapshotId !== null) return { state: 'ready', changes: publishChanges(live.data, liveAfterSnapshot(live.data, target.data)) };
    // Plus the edits the dialog saves first: exactly what a save sends (issue 12 point 2).
    const next = !draftOnScreen || baseline === null ? target.data : { ...target.data, ...changesForSave(baseline, draftOnScreen, pinned) };
    return { state: 'ready', changes: publishChanges(live.data, next) };
  }, [live.error, live.data, target.error, target.data, snapshotId, draftOnScreen, baseline, pinned]);
}

export function PublishDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { editor, lock } = useEditor();
  const [timing, setTiming] = useState<PublishTiming>({ kind: 'now' });
  const list = useSnapshotList({ draftOnly: true, enabled: open });
  const versions = list.data ?? [];
  const [choice, setChoice] = useState<PublishChoice | null>(CURRENT_DRAFT);
  const [reviewed, setReviewed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const reviewId = useId();
  const groupId = useId();
  const errorsId = useId();

  useEffect(() => {
    if (!open) return;
    setChoice(CURRENT_DRAFT);
    setTiming({ kind: 'now' });
    setReviewed(false);
    setErrors([]);
    setSubmitError(null);
  }, [open]);

  const willSaveFirst = editor.state.stage === 'draft' && lock.state.status === 'mine' && editor.dirty;
  // In the Draft view without edits that stay behind, the screen shows exactly the draft that would go live.
  const draftOnScreen = editor.state.stage === 'draft' && editor.state.current !== null && (willSaveFirst || !editor.dirty) ? editor.state.current : null;
  const preview = usePublishPreview(open, choice, draftOnScreen);

  const submit = async () => {
    // A double click or Enter held down must not publish twice (SPEC §4).
    if (submittingRef.current) return;
    const timeProblem = scheduleTimeError(timing, new Date());
    const problems = [...publishChoiceErrors({ choice, snapshotIds: versions.map((v) => v.id), reviewed }), ...(timeProblem ? [timeProblem] : [])];
    setErrors(problems);
    if (problems.length > 0 || choice === null) return;
    submittingRef.current = true;
    setSubmitting(true);
    setSubmitError(null);
    const at = timing.kind === 'scheduled' ? instantFromLocalInput(timing.local) : null;
    const outcome = at === null ? await editor.publish(choice) : await editor.schedulePublish(choice, at);
    submittingRef.current = false;
    setSubmitting(false);
    if (outcome.ok) onClose();
    else setSubmitError(outcome.message);
  };

  const canSubmit = list.phase === 'ready' && !submitting;
  const isCurrent = choice?.kind === 'current';
  const submitLabel = timing.kind === 'scheduled' ? (submitting ? 'Scheduling…' : 'Schedule publish') : submitting ? 'Publishing…' : 'Publish to Live';

  return (
    <ModalDialog
      open={open}
      title="Publish to Live"
      onClose={onClose}
      size="medium"
      dismissible={!submitting}
      footer={
        <>
          <button type="button" className="kit-button" onClick={onClose} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" form={`${groupId}-form`} className="kit-button kit-button--live" disabled={!canSubmit}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form
        id={`${groupId}-form`}
        noValidate
        aria-describedby={errors.length > 0 ? errorsId : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="kit-dialog__message">Publishing copies a draft to the live site that every visitor sees.</p>
        {willSaveFirst ? <p className="kit-message kit-message--info">Your unsaved changes will be saved to the draft first.</p> : null}
        <DraftChoices list={list} choice={choice} onChoose={setChoice} willSaveFirst={willSaveFirst} groupId={groupId} />
        <WhenChoices timing={timing} onChange={setTiming} isCurrent={isCurrent} groupId={groupId} />
        <ChangesOnLive preview={preview} />
        <div className="ed-checkbox">
          <input id={reviewId} type="checkbox" checked={reviewed} onChange={(e) => setReviewed(e.target.checked)} />
          <label htmlFor={reviewId}>{publishReviewLabel(choice)}</label>
        </div>
        {errors.length > 0 ? (
          // role="alert" on the <ul> itself would take its list semantics away (axe: listitem).
          <div className="kit-message kit-message--error" id={errorsId} role="alert">
            <ul className="ed-message-list">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {submitError ? (
          <p className="kit-message kit-message--error" role="alert">
            {submitError}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}

function DraftChoices({
  list,
  choice,
  onChoose,
  willSaveFirst,
  groupId,
}: {
  list: ReturnType<typeof useSnapshotList>;
  choice: PublishChoice | null;
  onChoose: (choice: PublishChoice) => void;
  willSaveFirst: boolean;
  groupId: string;
}) {
  const versions: SettingsVersionView[] = list.data ?? [];
  const isCurrent = choice?.kind === 'current';
  return (
    <>
      {list.phase === 'loading' ? (
        <p className="kit-muted" role="status">
          Loading recent drafts…
        </p>
      ) : null}
      {list.phase === 'error' || list.phase === 'forbidden' ? (
        <LoadError message={list.error ?? EDITOR_TEXTS.loadRecentDraftsFailed} onRetry={list.retry} />
      ) : null}
      {list.phase === 'ready' && versions.length === 0 ? (
        <p className="kit-message kit-message--info">There are no draft snapshots, so the current draft will be published.</p>
      ) : null}
      <fieldset className="ed-radio-list">
        <legend className="kit-field__label">What to publish</legend>
        <label className="ed-radio-card">
          <input type="radio" name={`${groupId}-choice`} value="current" checked={isCurrent} onChange={() => onChoose(CURRENT_DRAFT)} />
          <span className="ed-radio-card__text">
            <span className="ed-snapshot__name">{currentDraftOptionLabel(willSaveFirst)}</span>
          </span>
        </label>
        {versions.map((version) => (
          <label className="ed-radio-card" key={version.id}>
            <input
              type="radio"
              name={`${groupId}-choice`}
              value={version.id}
              checked={choice?.kind === 'snapshot' && choice.id === version.id}
              onChange={() => onChoose({ kind: 'snapshot', id: version.id, name: snapshotName(version) })}
            />
            <span className="ed-radio-card__text">
              <span className="ed-snapshot__name">{snapshotName(version)}</span>
              <span className="ed-snapshot__meta">
                {formatWhen(version.created_at, { seconds: true })}
                {version.author_email ? ` · ${version.author_email}` : ''}
                {version.status === 'published' ? ' · published before' : ''}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

function WhenChoices({ timing, onChange, isCurrent, groupId }: { timing: PublishTiming; onChange: (timing: PublishTiming) => void; isCurrent: boolean; groupId: string }) {
  const whenId = useId();
  const whenHintId = useId();
  const scheduledAt = timing.kind === 'scheduled' ? instantFromLocalInput(timing.local) : null;
  return (
    <fieldset className="ed-radio-list">
      <legend className="kit-field__label">When</legend>
      <label className="ed-radio-card">
        <input type="radio" name={`${groupId}-when`} value="now" checked={timing.kind === 'now'} onChange={() => onChange({ kind: 'now' })} />
        <span className="ed-radio-card__text">
          <span className="ed-snapshot__name">Publish now</span>
        </span>
      </label>
      <label className="ed-radio-card">
        <input
          type="radio"
          name={`${groupId}-when`}
          value="scheduled"
          checked={timing.kind === 'scheduled'}
          onChange={() => onChange({ kind: 'scheduled', local: timing.kind === 'scheduled' ? timing.local : localInputValue(nextFullHour(new Date())) })}
        />
        <span className="ed-radio-card__text">
          <span className="ed-snapshot__name">Schedule for…</span>
          <span className="ed-snapshot__meta">Goes live by itself at the time you choose{isCurrent ? '; the current draft is saved as a snapshot for it' : ''}.</span>
        </span>
      </label>
      {timing.kind === 'scheduled' ? (
        <div className="kit-field ed-schedule-time">
          <label className="kit-field__label" htmlFor={whenId}>
            Date and time ({localTimeZone()})
          </label>
          <input
            id={whenId}
            className="kit-input"
            type="datetime-local"
            value={timing.local}
            min={localInputValue(new Date())}
            aria-describedby={whenHintId}
            onChange={(event) => onChange({ kind: 'scheduled', local: event.target.value })}
          />
          <p id={whenHintId} className="kit-field__hint">
            {scheduledAt ? `Goes live ${localText(scheduledAt)}.` : 'Pick a date and a time.'}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

function ChangesOnLive({ preview }: { preview: ChangePreview }) {
  const changesId = useId();
  return (
    <section className="ed-publish-changes" aria-labelledby={changesId}>
      <h3 id={changesId} className="kit-field__label">
        What changes on live
      </h3>
      {preview.state === 'loading' ? (
        <p className="kit-muted" role="status">
          Comparing with live…
        </p>
      ) : null}
      {preview.state === 'error' ? (
        <p className="kit-message kit-message--error" role="alert">
          The changes could not be listed: {preview.message}
        </p>
      ) : null}
      {preview.state === 'ready' && preview.changes.rows.length === 0 ? <p className="kit-muted">{NO_PUBLISH_CHANGES_TEXT}</p> : null}
      {preview.state === 'ready' && preview.changes.rows.length > 0 ? (
        <ul className="ed-publish-changes__list" aria-label="Changes on live">
          {preview.changes.rows.map((row, i) => {
            const image = preview.changes.images[i];
            return (
              <li key={row} className={image ? 'ed-publish-changes__media' : undefined}>
                {image ? <img src={image} alt="" className="ed-publish-changes__thumb" loading="lazy" /> : null}
                <span>{row}</span>
              </li>
            );
          })}
          {preview.changes.more > 0 ? <li className="kit-muted">…and {preview.changes.more} more</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
