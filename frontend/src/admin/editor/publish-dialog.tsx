/**
 * SPEC §4 Publish to Live: pick one of the recent draft snapshots (the first preselected), tick the
 * review box, publish. With no snapshots the current draft is published.
 */
import { SNAPSHOT_LIST_LIMIT } from '@punchline/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { publishChoiceErrors } from './draft-editor';
import { useEditor } from './editor-context';
import { EDITOR_TEXTS } from './editor-texts';
import { ModalDialog } from './modal-dialog';
import { failureText, settingsApi, versionsFrom, type SettingsApi, type SettingsVersion } from './settings-api';
import { formatWhen, snapshotName } from './snapshots-dialog';

export function PublishDialog({ open, onClose, api = settingsApi }: { open: boolean; onClose: () => void; api?: SettingsApi }) {
  const { editor, lock } = useEditor();
  const [versions, setVersions] = useState<SettingsVersion[]>([]);
  const [listState, setListState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [listError, setListError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [reviewed, setReviewed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const reviewId = useId();
  const groupId = useId();
  const errorsId = useId();

  const load = useCallback(async () => {
    setListState('loading');
    const result = await api.listVersions({ draftOnly: true, limit: SNAPSHOT_LIST_LIMIT });
    if (!result.ok) {
      setVersions([]);
      setSelectedId(null);
      setListState('error');
      setListError(failureText(result, EDITOR_TEXTS.loadRecentDraftsFailed));
      return;
    }
    const list = versionsFrom(result.body);
    setVersions(list);
    setSelectedId(list[0]?.id ?? null);
    setListState('ready');
    setListError(null);
  }, [api]);

  useEffect(() => {
    if (!open) return;
    setReviewed(false);
    setErrors([]);
    setSubmitError(null);
    void load();
  }, [open, load]);

  const submit = async () => {
    // A double click or Enter held down must not publish twice (SPEC §4).
    if (submittingRef.current) return;
    const problems = publishChoiceErrors({ snapshotCount: versions.length, selectedId, reviewed });
    setErrors(problems);
    if (problems.length > 0) return;
    submittingRef.current = true;
    setSubmitting(true);
    setSubmitError(null);
    const outcome = await editor.publish(versions.length > 0 ? selectedId : null);
    submittingRef.current = false;
    setSubmitting(false);
    if (outcome.ok) onClose();
    else setSubmitError(outcome.message);
  };

  const willSaveFirst = editor.state.stage === 'draft' && lock.state.status === 'mine' && editor.dirty;
  const canSubmit = listState === 'ready' && !submitting;

  return (
    <ModalDialog
      open={open}
      title="Publish to Live"
      onClose={onClose}
      size="medium"
      dismissible={!submitting}
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" form={`${groupId}-form`} className="ed-button ed-button--live" disabled={!canSubmit}>
            {submitting ? 'Publishing…' : 'Publish to Live'}
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
        <p className="ed-dialog__message">Publishing copies a draft to the live site that every visitor sees.</p>
        {willSaveFirst ? <p className="ed-message ed-message--info">Your unsaved changes will be saved to the draft first.</p> : null}
        {listState === 'loading' ? (
          <p className="ed-muted" role="status">
            Loading recent drafts…
          </p>
        ) : null}
        {listState === 'error' ? (
          <div className="ed-message ed-message--error" role="alert">
            {listError}{' '}
            <button type="button" className="ed-button ed-button--small" onClick={() => void load()}>
              Retry
            </button>
          </div>
        ) : null}
        {listState === 'ready' && versions.length === 0 ? (
          <p className="ed-message ed-message--info">There are no draft snapshots, so the current draft will be published.</p>
        ) : null}
        {versions.length > 0 ? (
          <fieldset className="ed-radio-list">
            <legend className="ed-field__label">Draft snapshot to publish</legend>
            {versions.map((version) => (
              <label className="ed-radio-card" key={version.id}>
                <input type="radio" name={`${groupId}-snapshot`} value={version.id} checked={selectedId === version.id} onChange={() => setSelectedId(version.id)} />
                <span className="ed-radio-card__text">
                  <span className="ed-snapshot__name">{snapshotName(version)}</span>
                  <span className="ed-snapshot__meta">
                    {formatWhen(version.created_at)}
                    {version.author_email ? ` · ${version.author_email}` : ''}
                    {version.status === 'published' ? ' · published before' : ''}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="ed-checkbox">
          <input id={reviewId} type="checkbox" checked={reviewed} onChange={(e) => setReviewed(e.target.checked)} />
          <label htmlFor={reviewId}>{versions.length > 0 ? 'I have reviewed the selected draft snapshot.' : 'I have reviewed the current draft.'}</label>
        </div>
        {errors.length > 0 ? (
          <ul className="ed-message ed-message--error ed-message-list" id={errorsId} role="alert">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
        {submitError ? (
          <p className="ed-message ed-message--error" role="alert">
            {submitError}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
