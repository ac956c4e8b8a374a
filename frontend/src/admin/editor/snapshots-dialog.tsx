/** SPEC §4 snapshots: list, save with an optional label, restore into the draft and delete, each after a confirm. */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useEditor } from './editor-context';
import { EDITOR_TEXTS } from './editor-texts';
import { ConfirmDialog, ModalDialog } from '../ui/modal-dialog';
import type { SettingsVersionView } from '@punchline/domain';
import { formatWhen } from '../../shared/format-when';
import { LoadError } from '../ui/list-status';
import { useSnapshotActions, useSnapshotList } from './api/editor-queries';

export function snapshotName(version: Pick<SettingsVersionView, 'label'>): string {
  return version.label && version.label.trim() !== '' ? version.label : 'Untitled snapshot';
}

type Pending = { kind: 'restore' | 'delete'; version: SettingsVersionView } | null;

export function SnapshotsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { editor } = useEditor();
  // Read every time the dialog opens (a stale list refetches when the query is enabled again).
  const list = useSnapshotList({ draftOnly: false, enabled: open });
  const actions = useSnapshotActions();
  const [actionError, setActionError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [working, setWorking] = useState(false);
  const labelRef = useRef<HTMLInputElement>(null);
  // After a delete by keyboard the row that had the focus is gone (and with it the confirm's
  // opener): the focus goes to the neighbouring row's Delete, else to the label field.
  const [focusAfterDelete, setFocusAfterDelete] = useState<{ deleteLabel: string | null } | null>(null);

  useEffect(() => {
    if (!focusAfterDelete) return;
    setFocusAfterDelete(null);
    const dialog = labelRef.current?.closest('dialog');
    const neighbour = [...(dialog?.querySelectorAll<HTMLButtonElement>('button[aria-label]') ?? [])].find((b) => b.getAttribute('aria-label') === focusAfterDelete.deleteLabel);
    (neighbour ?? labelRef.current)?.focus();
  }, [focusAfterDelete]);

  useEffect(() => {
    if (!open) return;
    setActionError(null);
    setSuccess(null);
    setPending(null);
  }, [open]);

  const report = (outcome: { ok: true; text: string } | { ok: false; message: string }) => {
    if (outcome.ok) setSuccess(outcome.text);
    else setActionError(outcome.message);
  };

  const confirmPending = async () => {
    if (!pending || working) return;
    setWorking(true);
    setActionError(null);
    setSuccess(null);
    if (pending.kind === 'restore') {
      const outcome = await editor.restoreSnapshot(pending.version.id);
      setWorking(false);
      setPending(null);
      if (outcome.ok) onClose();
      else setActionError(outcome.message);
      return;
    }
    const versions = list.data ?? [];
    const at = versions.findIndex((v) => v.id === pending.version.id);
    const neighbour = versions[at + 1] ?? versions[at - 1] ?? null;
    const outcome = await actions.remove(pending.version.id);
    setWorking(false);
    setPending(null);
    report(outcome.ok ? { ok: true, text: `Deleted “${snapshotName(pending.version)}”.` } : outcome);
    if (outcome.ok) setFocusAfterDelete({ deleteLabel: neighbour ? `Delete ${snapshotName(neighbour)}` : null });
  };

  return (
    <>
      <ModalDialog open={open} title="Draft snapshots" onClose={onClose} size="large" initialFocusRef={labelRef} dismissible={!working}>
        <SnapshotForm
          open={open}
          labelRef={labelRef}
          onStart={() => {
            setActionError(null);
            setSuccess(null);
          }}
          onDone={report}
        />
        {actionError ? (
          <p className="kit-message kit-message--error" role="alert">
            {actionError}
          </p>
        ) : null}
        {success ? (
          <p className="kit-message kit-message--success" role="status">
            {success}
          </p>
        ) : null}
        <h3 className="ed-subheading">Recent snapshots</h3>
        {list.phase === 'loading' ? <p className="kit-muted" role="status">Loading snapshots…</p> : null}
        {list.phase === 'error' || list.phase === 'forbidden' ? <LoadError message={list.error ?? EDITOR_TEXTS.loadSnapshotsFailed} onRetry={list.retry} /> : null}
        {list.phase === 'ready' && list.data?.length === 0 ? <p className="kit-muted">No snapshots yet. Save one to keep a copy of the current draft.</p> : null}
        <SnapshotList versions={list.data ?? []} working={working} onPick={setPending} />
      </ModalDialog>
      <SnapshotConfirm pending={pending} working={working} onConfirm={() => void confirmPending()} onCancel={() => setPending(null)} />
    </>
  );
}

/** Save a snapshot of the saved draft, with an optional label. */
function SnapshotForm({
  open,
  labelRef,
  onStart,
  onDone,
}: {
  open: boolean;
  labelRef: RefObject<HTMLInputElement | null>;
  onStart: () => void;
  onDone: (outcome: { ok: true; text: string } | { ok: false; message: string }) => void;
}) {
  const { editor } = useEditor();
  const { create: createVersion } = useSnapshotActions();
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const labelId = useId();

  useEffect(() => {
    if (open) setLabel('');
  }, [open]);

  const create = async () => {
    if (creating) return;
    setCreating(true);
    onStart();
    const trimmed = label.trim();
    const outcome = await createVersion(trimmed === '' ? null : trimmed);
    setCreating(false);
    if (outcome.ok) setLabel('');
    onDone(outcome.ok ? { ok: true, text: trimmed === '' ? 'Snapshot saved.' : `Snapshot “${trimmed}” saved.` } : outcome);
  };

  return (
    <form
      className="ed-snapshot-form"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <label htmlFor={labelId} className="kit-field__label">
        Label <span className="ed-optional">(optional)</span>
      </label>
      <div className="ed-inline-form">
        <input
          ref={labelRef}
          id={labelId}
          className="kit-input"
          value={label}
          maxLength={200}
          placeholder="e.g. Spring lineup before launch"
          onChange={(e) => setLabel(e.target.value)}
        />
        <button type="submit" className="kit-button kit-button--primary" disabled={creating}>
          {creating ? 'Saving…' : 'Save snapshot'}
        </button>
      </div>
      <p className="kit-field__hint">A snapshot keeps the saved draft{editor.dirty ? '; your unsaved changes are not included until you save the draft' : ''}.</p>
    </form>
  );
}

function SnapshotList({ versions, working, onPick }: { versions: SettingsVersionView[]; working: boolean; onPick: (pending: Pending) => void }) {
  const { controls } = useEditor();
  if (versions.length === 0) return null;
  return (
    <ul className="kit-cards" aria-label="Snapshots">
      {versions.map((version) => (
        <li className="ed-snapshot" key={version.id}>
          <div className="ed-snapshot__text">
            <span className="ed-snapshot__name">{snapshotName(version)}</span>
            <span className="ed-snapshot__meta">
              {formatWhen(version.created_at, { seconds: true })}
              {version.author_email ? ` · ${version.author_email}` : ''}
            </span>
          </div>
          {version.status === 'published' ? <span className="kit-pill kit-pill--live">Published</span> : <span className="kit-pill">Draft</span>}
          <div className="ed-snapshot__actions">
            <button
              type="button"
              className="kit-button kit-button--small"
              disabled={!controls.canRestoreSnapshot || working}
              onClick={() => onPick({ kind: 'restore', version })}
              aria-label={`Restore ${snapshotName(version)}`}
            >
              Restore
            </button>
            <button
              type="button"
              className="kit-button kit-button--small kit-button--danger-ghost"
              disabled={working}
              onClick={() => onPick({ kind: 'delete', version })}
              aria-label={`Delete ${snapshotName(version)}`}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function SnapshotConfirm({ pending, working, onConfirm, onCancel }: { pending: Pending; working: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { editor } = useEditor();
  const name = pending ? snapshotName(pending.version) : '';
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending?.kind === 'delete' ? 'Delete snapshot?' : 'Restore snapshot?'}
      message={
        pending?.kind === 'delete' ? (
          <p>Delete “{name}”? This is permanent and cannot be undone.</p>
        ) : (
          <p>
            Restore “{name}” into the draft? It overwrites the current draft
            {editor.dirty ? ', including your unsaved changes' : ''}. Live is not changed.
          </p>
        )
      }
      confirmLabel={pending?.kind === 'delete' ? (working ? 'Deleting…' : 'Delete snapshot') : working ? 'Restoring…' : 'Restore into draft'}
      tone={pending?.kind === 'delete' ? 'danger' : 'primary'}
      busy={working}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
