/**
 * SPEC §4 Publish to Live: choose what goes live, see what that changes on live, tick the review
 * box, publish. The current draft comes first and is preselected (issue 12): the dialog promises
 * to save unsaved edits first, so its default must be the draft those edits go into, not an older
 * snapshot. Draft snapshots follow as further choices.
 */
import type { SettingsRecord, SettingsVersionView } from '@punchline/domain';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  CURRENT_DRAFT,
  currentDraftOptionLabel,
  publishChoiceProblems,
  publishProblemText,
  publishReviewLabel,
  changesForSave,
  type PublishChoice,
  type PublishProblem,
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

/** What stops a publish, by control: the two of SPEC §5 and a scheduled time that is missing or past. */
type DialogProblem = PublishProblem | 'time';

/** The dialog's order: the first problem shown is the one that gets the focus. */
const PROBLEM_ORDER: readonly DialogProblem[] = ['choice', 'time', 'review'];

const NO_PROBLEMS: ReadonlySet<DialogProblem> = new Set();

const without = (problems: ReadonlySet<DialogProblem>, ...gone: DialogProblem[]): ReadonlySet<DialogProblem> =>
  gone.some((p) => problems.has(p)) ? new Set([...problems].filter((p) => !gone.includes(p))) : problems;

export function PublishDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { editor, lock } = useEditor();
  const [timing, setTiming] = useState<PublishTiming>({ kind: 'now' });
  const list = useSnapshotList({ draftOnly: true, enabled: open });
  const versions = useMemo(() => list.data ?? [], [list.data]);
  const [choice, setChoice] = useState<PublishChoice | null>(CURRENT_DRAFT);
  const [reviewed, setReviewed] = useState(false);
  // Which controls show their error; the texts are worded at render time, for the choice as it is then.
  const [problems, setProblems] = useState<ReadonlySet<DialogProblem>>(NO_PROBLEMS);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const reviewRef = useRef<HTMLInputElement>(null);
  const choicesRef = useRef<HTMLFieldSetElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);
  const reviewId = useId();
  const groupId = useId();
  const choiceErrorId = useId();
  const timeErrorId = useId();
  const reviewErrorId = useId();
  // The problem whose control takes the focus once its error is rendered.
  const [revealing, setRevealing] = useState<DialogProblem | null>(null);
  // The chosen snapshot, deleted elsewhere while the dialog was open (named until another choice).
  const [vanished, setVanished] = useState<string | null>(null);
  // The snapshot whose publishing was refused (the list is read again): if it is gone, the admin who
  // pressed Publish is taken to the choices; one deleted unasked is only reported.
  const refusedRef = useRef<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setChoice(CURRENT_DRAFT);
    setTiming({ kind: 'now' });
    setReviewed(false);
    setProblems(NO_PROBLEMS);
    setSubmitError(null);
    setVanished(null);
    refusedRef.current = null;
  }, [open]);

  /**
   * The problem's control takes the focus and its error is scrolled into the dialog's view: with a
   * long list of changes the review box sits at the bottom of the scrolled body, and an error added
   * below it was hidden by the footer while the focus stayed on the button.
   */
  const reveal = useCallback(
    (problem: DialogProblem) => {
      const control =
        problem === 'review'
          ? reviewRef.current
          : problem === 'time'
            ? timeRef.current
            : (choicesRef.current?.querySelector<HTMLInputElement>('input:checked') ?? choicesRef.current?.querySelector<HTMLInputElement>('input'));
      control?.focus();
      document.getElementById({ choice: choiceErrorId, time: timeErrorId, review: reviewErrorId }[problem])?.scrollIntoView({ block: 'nearest' });
    },
    [choiceErrorId, timeErrorId, reviewErrorId],
  );
  // Before the paint that shows the error: a passive effect left one frame (longer on a loaded
  // machine) in which the error was in the page but still scrolled out of the dialog's view.
  useLayoutEffect(() => {
    if (revealing === null) return;
    reveal(revealing);
    setRevealing(null);
  }, [revealing, reveal]);

  // A reloaded list without the chosen snapshot (another admin deleted it): nothing stays chosen,
  // rather than a radio that publishes 'Snapshot not found.' however often it is tried. After a
  // refused publish the focus goes to the choices, under the error that asks for one; when the
  // settings event stream brought the news (nobody pressed anything here) the focus stays where it
  // is and a status message says what happened.
  const listed = list.phase === 'ready' ? versions : null;
  useEffect(() => {
    if (listed === null || choice?.kind !== 'snapshot' || listed.some((v) => v.id === choice.id)) return;
    setChoice(null);
    setProblems((current) => new Set(current).add('choice'));
    // What was reviewed is gone.
    setReviewed(false);
    if (refusedRef.current === choice.id) setRevealing('choice');
    else setVanished(choice.name);
    refusedRef.current = null;
  }, [listed, choice]);

  const choose = (next: PublishChoice) => {
    setChoice(next);
    // Errors about the previous choice (the review one named it) no longer apply.
    setProblems((current) => without(current, 'choice', 'review'));
    setSubmitError(null);
    setVanished(null);
    refusedRef.current = null;
  };
  const tickReviewed = (checked: boolean) => {
    setReviewed(checked);
    if (checked) setProblems((current) => without(current, 'review'));
  };
  const changeTiming = (next: PublishTiming) => {
    setTiming(next);
    setProblems((current) => without(current, 'time'));
  };

  const willSaveFirst = editor.state.stage === 'draft' && lock.state.status === 'mine' && editor.dirty;
  // In the Draft view without edits that stay behind, the screen shows exactly the draft that would go live.
  const draftOnScreen = editor.state.stage === 'draft' && editor.state.current !== null && (willSaveFirst || !editor.dirty) ? editor.state.current : null;
  const preview = usePublishPreview(open, choice, draftOnScreen);

  const submit = async () => {
    // A double click or Enter held down must not publish twice (SPEC §4).
    if (submittingRef.current) return;
    const found = new Set<DialogProblem>(publishChoiceProblems({ choice, snapshotIds: versions.map((v) => v.id), reviewed }));
    if (scheduleTimeError(timing, new Date())) found.add('time');
    if (found.size > 0 || choice === null) {
      setProblems(found);
      setRevealing(PROBLEM_ORDER.find((p) => found.has(p)) ?? null);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    setSubmitError(null);
    const at = timing.kind === 'scheduled' ? instantFromLocalInput(timing.local) : null;
    const outcome = at === null ? await editor.publish(choice) : await editor.schedulePublish(choice, at);
    submittingRef.current = false;
    setSubmitting(false);
    if (outcome.ok) onClose();
    else {
      setSubmitError(outcome.message);
      // A snapshot refused ('Snapshot not found.') may have been deleted meanwhile: the list is read again.
      if (choice.kind === 'snapshot') {
        refusedRef.current = choice.id;
        list.retry();
      }
    }
  };

  const canSubmit = list.phase === 'ready' && !submitting;
  const isCurrent = choice?.kind === 'current';
  const submitLabel = timing.kind === 'scheduled' ? (submitting ? 'Scheduling…' : 'Schedule publish') : submitting ? 'Publishing…' : 'Publish to Live';
  const problemText = (problem: DialogProblem): string | null => {
    if (!problems.has(problem)) return null;
    return problem === 'time' ? scheduleTimeError(timing, new Date()) : publishProblemText(problem, choice, versions.length > 0);
  };
  const reviewError = problemText('review');

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
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="kit-dialog__message">Publishing copies a draft to the live site that every visitor sees.</p>
        {willSaveFirst ? <p className="kit-message kit-message--info">Your unsaved changes will be saved to the draft first.</p> : null}
        <DraftChoices
          list={list}
          choice={choice}
          onChoose={choose}
          willSaveFirst={willSaveFirst}
          groupId={groupId}
          fieldsetRef={choicesRef}
          error={problemText('choice')}
          errorId={choiceErrorId}
        />
        <WhenChoices timing={timing} onChange={changeTiming} isCurrent={isCurrent} groupId={groupId} inputRef={timeRef} error={problemText('time')} errorId={timeErrorId} />
        <ChangesOnLive preview={preview} />
        <div className="ed-checkbox">
          <input
            ref={reviewRef}
            id={reviewId}
            type="checkbox"
            checked={reviewed}
            aria-invalid={reviewError ? true : undefined}
            aria-describedby={reviewError ? reviewErrorId : undefined}
            onChange={(e) => tickReviewed(e.target.checked)}
          />
          <label htmlFor={reviewId}>{publishReviewLabel(choice)}</label>
        </div>
        {reviewError ? <FieldError id={reviewErrorId} text={reviewError} /> : null}
        {/* Beside the review box and the buttons, where the admin is; rendered empty from the start, so the message is announced when it comes. */}
        <div role="status">{vanished === null ? null : <p className="kit-message kit-message--error">{EDITOR_TEXTS.chosenSnapshotDeleted(vanished)}</p>}</div>
        {submitError ? (
          <p className="kit-message kit-message--error" role="alert">
            {submitError}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}

/**
 * One control's error, named by its aria-describedby. Not an alert: the control takes the focus and
 * is read with it, which an alert would only repeat.
 */
function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="kit-message kit-message--error ed-field-error">
      {text}
    </p>
  );
}

function DraftChoices({
  list,
  choice,
  onChoose,
  willSaveFirst,
  groupId,
  fieldsetRef,
  error,
  errorId,
}: {
  list: ReturnType<typeof useSnapshotList>;
  choice: PublishChoice | null;
  onChoose: (choice: PublishChoice) => void;
  willSaveFirst: boolean;
  groupId: string;
  fieldsetRef: RefObject<HTMLFieldSetElement | null>;
  error: string | null;
  errorId: string;
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
      {list.phase === 'ready' && versions.length === 0 && isCurrent ? (
        <p className="kit-message kit-message--info">There are no draft snapshots, so the current draft will be published.</p>
      ) : null}
      <fieldset className="ed-radio-list" ref={fieldsetRef} aria-describedby={error ? errorId : undefined}>
        <legend className="kit-field__label">What to publish</legend>
        {/* Above the radios, beside the one that takes the focus: below a long list of snapshots it would be out of sight. */}
        {error ? <FieldError id={errorId} text={error} /> : null}
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

function WhenChoices({
  timing,
  onChange,
  isCurrent,
  groupId,
  inputRef,
  error,
  errorId,
}: {
  timing: PublishTiming;
  onChange: (timing: PublishTiming) => void;
  isCurrent: boolean;
  groupId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  error: string | null;
  errorId: string;
}) {
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
            ref={inputRef}
            id={whenId}
            className="kit-input"
            type="datetime-local"
            value={timing.local}
            min={localInputValue(new Date())}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${whenHintId} ${errorId}` : whenHintId}
            onChange={(event) => onChange({ kind: 'scheduled', local: event.target.value })}
          />
          <p id={whenHintId} className="kit-field__hint">
            {scheduledAt ? `Goes live ${localText(scheduledAt)}.` : 'Pick a date and a time.'}
          </p>
          {error ? <FieldError id={errorId} text={error} /> : null}
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
