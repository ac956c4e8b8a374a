/**
 * The header both editing screens share (SPEC §2): lock status with Acquire/Release, the Live/Draft
 * view, Save Draft, Pull Current Live, Preview Draft, Snapshots and Publish to Live.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useEditor } from './editor-context';
import { ConfirmDialog } from '../ui/modal-dialog';
import { useFocusRescue } from '../ui/focus-rescue';
import { KeptEditsBanner } from './kept-edits-banner';
import { PublishDialog } from './publish-dialog';
import { ScheduledPublishes } from './scheduled-publishes';
import type { EditorStage } from './settings-api';
import { SnapshotsDialog } from './snapshots-dialog';
import { useSnapshotListsFollowed } from './api/editor-queries';

export const PREVIEW_DRAFT_HREF = '/?stage=draft';

function lockText(state: ReturnType<typeof useEditor>['lock']['state']): { text: string; detail: string | null } {
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : null);
  switch (state.status) {
    case 'loading':
      return { text: 'Checking the draft lock…', detail: null };
    case 'mine':
      return { text: 'You hold the draft lock', detail: null };
    case 'other': {
      const since = time(state.acquiredAt);
      const until = time(state.expiresAt);
      // Issue 25: people by name; the email stays beside it (two admins may share a first name).
      const who = state.holderName ?? state.holderEmail ?? 'another editor';
      const email = state.holderName && state.holderEmail ? `${state.holderEmail}. ` : '';
      return {
        text: `Locked by ${who}`,
        detail: `${email}${since ? `Since ${since}. ` : ''}${until ? `Free by ${until} unless they keep editing; ` : ''}you get the lock here as soon as it is free.`,
      };
    }
    case 'none':
      return { text: 'Draft lock is free', detail: null };
    default: {
      const _exhaustive: never = state.status;
      return _exhaustive;
    }
  }
}

function LockControl() {
  const { lock, controls, editor } = useEditor();
  const { status, error, pending } = lock.state;
  const [confirmRelease, setConfirmRelease] = useState(false);
  const { text, detail } = lockText(lock.state);
  return (
    <div className="ed-lock" role="group" aria-label="Draft lock">
      <span className={`ed-lock__status ed-lock__status--${status}`} role="status">
        <span className="ed-lock__dot" aria-hidden="true" />
        {text}
      </span>
      {detail ? <span className="ed-lock__detail">{detail}</span> : null}
      {status !== 'mine' ? (
        <button type="button" className="kit-button kit-button--small" disabled={!controls.canAcquire} onClick={() => void lock.acquire()}>
          {pending ? 'Working…' : 'Acquire'}
        </button>
      ) : null}
      {controls.showRelease ? (
        <button type="button" className="kit-button kit-button--small" disabled={pending} onClick={() => (editor.dirty ? setConfirmRelease(true) : void lock.release())}>
          Release
        </button>
      ) : null}
      {error ? (
        <span className="ed-lock__error" role="alert">
          {error}
        </span>
      ) : null}
      <ConfirmDialog
        open={confirmRelease}
        title="Release the lock with unsaved changes?"
        message={<p>Your unsaved changes are kept on this device and offered back when you hold the draft lock again. Another admin can edit the draft meanwhile.</p>}
        confirmLabel="Release and keep my changes"
        cancelLabel="Keep editing"
        onCancel={() => setConfirmRelease(false)}
        onConfirm={() => {
          setConfirmRelease(false);
          void lock.release();
        }}
      />
    </div>
  );
}

function ViewSelector({ onRequestChange }: { onRequestChange: (stage: EditorStage) => void }) {
  const { editor } = useEditor();
  const name = useId();
  const stage = editor.state.stage;
  const busy = editor.state.busy !== null;
  return (
    <fieldset className="kit-segmented" disabled={busy}>
      <legend className="kit-segmented__legend">View</legend>
      {(['live', 'draft'] as const).map((option) => (
        <label key={option} className={`kit-segmented__option${stage === option ? ' is-selected' : ''}`}>
          <input type="radio" name={name} value={option} checked={stage === option} onChange={() => onRequestChange(option)} />
          <span>{option === 'live' ? 'Live' : 'Draft'}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Preview Draft opens what the server has. With unsaved edits the admin could save, it saves them
 * first (as Publish does) and then opens the preview, so the preview shows what the editor shows;
 * the new tab still opens within the click's activation window, so no popup blocker stops it.
 */
function PreviewDraftLink() {
  const { editor, controls } = useEditor();
  const savesFirst = editor.dirty && controls.canSave;
  const hint = savesFirst ? ' (saves your changes first, opens in a new tab)' : editor.dirty ? ' (shows the saved draft, opens in a new tab)' : ' (opens in a new tab)';
  const saveThenOpen = async () => {
    const outcome = await editor.save();
    if (outcome.ok) window.open(PREVIEW_DRAFT_HREF, '_blank', 'noopener');
  };
  return (
    <a
      className="kit-button"
      href={PREVIEW_DRAFT_HREF}
      target="_blank"
      rel="noopener"
      onClick={(event) => {
        if (!savesFirst) return;
        event.preventDefault();
        void saveThenOpen();
      }}
    >
      <span>
        Preview Draft<span className="visually-hidden">{hint}</span>
        <span aria-hidden="true" className="kit-button__icon">
          {' ↗'}
        </span>
      </span>
    </a>
  );
}

export function EditorHeader({ title, description }: { title: string; description: string }) {
  const { editor, controls } = useEditor();
  const [dialog, setDialog] = useState<'snapshots' | 'publish' | 'pull' | null>(null);
  const [pendingStage, setPendingStage] = useState<EditorStage | null>(null);
  const { busy, notice, stage } = editor.state;
  const header = useRef<HTMLElement>(null);
  // Save Draft disables itself once saved; snapshot rows go when deleted: the keyboard keeps its place.
  useFocusRescue(header);
  // Both dialogs' snapshot lists follow a save or delete made elsewhere, open or not.
  useSnapshotListsFollowed();

  // Ctrl/Cmd+S saves the draft when Save Draft is enabled, as in most editors.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (controls.canSave) void editor.save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controls.canSave, editor]);

  const requestStage = (next: EditorStage) => {
    if (next === stage) return;
    if (editor.dirty) setPendingStage(next);
    else void editor.changeStage(next);
  };

  return (
    <header ref={header} className="ed-header">
      <div className="ed-header__title-row">
        <div className="ed-header__title">
          <h1>{title}</h1>
          <p className="ed-header__description">{description}</p>
        </div>
        <div className="ed-header__state">
          <span className={`kit-pill ${stage === 'live' ? 'kit-pill--live' : 'kit-pill--draft'}`}>
            {stage === 'live' ? 'Viewing live' : controls.canEdit ? 'Editing draft' : 'Viewing draft'}
          </span>
          {editor.dirty ? (
            <span className="kit-pill kit-pill--dirty" role="status">
              Unsaved changes
            </span>
          ) : null}
        </div>
      </div>
      <div className="ed-header__bar">
        <LockControl />
        <ViewSelector onRequestChange={requestStage} />
      </div>
      <div className="ed-header__actions" role="group" aria-label="Draft actions">
        <button type="button" className="kit-button kit-button--primary" disabled={!controls.canSave} onClick={() => void editor.save()} aria-keyshortcuts="Control+S">
          {busy === 'saving' ? 'Saving…' : 'Save Draft'}
        </button>
        <button type="button" className="kit-button" disabled={!controls.canPull} onClick={() => setDialog('pull')}>
          {busy === 'pulling' ? 'Pulling…' : 'Pull Current Live'}
        </button>
        <PreviewDraftLink />
        <button type="button" className="kit-button" onClick={() => setDialog('snapshots')} disabled={busy !== null && busy !== 'restoring'}>
          Snapshots
        </button>
        <button type="button" className="kit-button kit-button--live" disabled={!controls.canPublish} onClick={() => setDialog('publish')}>
          {busy === 'publishing' ? 'Publishing…' : 'Publish to Live'}
        </button>
      </div>
      <ScheduledPublishes />
      <KeptEditsBanner />
      <div className="ed-notice-region" aria-live="polite">
        {notice ? (
          <div className={`kit-notice kit-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : undefined}>
            <span>{notice.text}</span>
            <button type="button" className="kit-icon-button" onClick={editor.dismissNotice} aria-label="Dismiss message">
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
      <SnapshotsDialog open={dialog === 'snapshots'} onClose={() => setDialog(null)} />
      <PublishDialog open={dialog === 'publish'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'pull'}
        title="Pull current live into the draft?"
        message={
          <p>
            The draft is replaced with what is live now{editor.dirty ? ', and your unsaved changes are discarded' : ''}. Nothing is published.
          </p>
        }
        confirmLabel="Pull Current Live"
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          void editor.pullLive();
        }}
      />
      <ConfirmDialog
        open={pendingStage !== null}
        title="Discard unsaved changes?"
        message={<p>Switching to the {pendingStage === 'live' ? 'Live' : 'Draft'} view discards the changes you have not saved.</p>}
        confirmLabel="Discard and switch"
        tone="danger"
        onCancel={() => setPendingStage(null)}
        onConfirm={() => {
          const next = pendingStage;
          setPendingStage(null);
          if (next) void editor.changeStage(next);
        }}
      />
    </header>
  );
}
