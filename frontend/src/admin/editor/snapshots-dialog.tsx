/** SPEC §4 snapshots: list, save with an optional label, restore into the draft and delete, each after a confirm. */
import { SNAPSHOT_LIST_LIMIT } from '@punchline/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useEditor } from './editor-context';
import { EDITOR_TEXTS } from './editor-texts';
import { ConfirmDialog, ModalDialog } from '../ui/modal-dialog';
import { failureText, settingsApi, versionsFrom, type SettingsApi } from './settings-api';
import type { SettingsVersionView } from '@punchline/domain';
import { formatWhen } from '../../shared/format-when';
import { LoadError } from '../ui/list-status';

export function snapshotName(version: Pick<SettingsVersionView, 'label'>): string {
  return version.label && version.label.trim() !== '' ? version.label : 'Untitled snapshot';
}

type Pending = { kind: 'restore' | 'delete'; version: SettingsVersionView } | null;

export function SnapshotsDialog({ open, onClose, api = settingsApi }: { open: boolean; onClose: () => void; api?: SettingsApi }) {
  const { editor, controls } = useEditor();
  const [versions, setVersions] = useState<SettingsVersionView[]>([]);
  const [listState, setListState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [listError, setListError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [working, setWorking] = useState(false);
  const labelRef = useRef<HTMLInputElement>(null);
  const labelId = useId();

  const load = useCallback(async () => {
    setListState('loading');
    const result = await api.listVersions({ limit: SNAPSHOT_LIST_LIMIT });
    if (result.ok) {
      setVersions(versionsFrom(result.body));
      setListState('ready');
      setListError(null);
    } else {
      // SPEC §8: on a list error the list is emptied.
      setVersions([]);
      setListState('error');
      setListError(failureText(result, EDITOR_TEXTS.loadSnapshotsFailed));
    }
  }, [api]);

  useEffect(() => {
    if (!open) return;
    setActionError(null);
    setSuccess(null);
    setLabel('');
    setPending(null);
    void load();
  }, [open, load]);

  const create = async () => {
    if (creating) return;
    setCreating(true);
    setActionError(null);
    setSuccess(null);
    const trimmed = label.trim();
    const result = await api.createVersion(trimmed === '' ? null : trimmed);
    setCreating(false);
    if (!result.ok) {
      setActionError(failureText(result, EDITOR_TEXTS.createSnapshotFailed));
      return;
    }
    setLabel('');
    await load();
    setSuccess(trimmed === '' ? 'Snapshot saved.' : `Snapshot “${trimmed}” saved.`);
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
    const result = await api.deleteVersion(pending.version.id);
    setWorking(false);
    setPending(null);
    if (!result.ok) {
      setActionError(failureText(result, EDITOR_TEXTS.deleteSnapshotFailed));
      return;
    }
    await load();
    setSuccess(`Deleted “${snapshotName(pending.version)}”.`);
  };

  return (
    <>
      <ModalDialog open={open} title="Draft snapshots" onClose={onClose} size="large" initialFocusRef={labelRef} dismissible={!working}>
        <form
          className="ed-snapshot-form"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <label htmlFor={labelId} className="ed-field__label">
            Label <span className="ed-optional">(optional)</span>
          </label>
          <div className="ed-inline-form">
            <input
              ref={labelRef}
              id={labelId}
              className="ed-input"
              value={label}
              maxLength={200}
              placeholder="e.g. Spring lineup before launch"
              onChange={(e) => setLabel(e.target.value)}
            />
            <button type="submit" className="ed-button ed-button--primary" disabled={creating}>
              {creating ? 'Saving…' : 'Save snapshot'}
            </button>
          </div>
          <p className="ed-field__hint">A snapshot keeps the saved draft{editor.dirty ? '; your unsaved changes are not included until you save the draft' : ''}.</p>
        </form>
        {actionError ? (
          <p className="ed-message ed-message--error" role="alert">
            {actionError}
          </p>
        ) : null}
        {success ? (
          <p className="ed-message ed-message--success" role="status">
            {success}
          </p>
        ) : null}
        <h3 className="ed-subheading">Recent snapshots</h3>
        {listState === 'loading' ? <p className="ed-muted" role="status">Loading snapshots…</p> : null}
        {listState === 'error' ? (
          <LoadError message={listError ?? EDITOR_TEXTS.loadSnapshotsFailed} onRetry={() => void load()} />
        ) : null}
        {listState === 'ready' && versions.length === 0 ? <p className="ed-muted">No snapshots yet. Save one to keep a copy of the current draft.</p> : null}
        {versions.length > 0 ? (
          <ul className="ed-cards" aria-label="Snapshots">
            {versions.map((version) => (
              <li className="ed-snapshot" key={version.id}>
                <div className="ed-snapshot__text">
                  <span className="ed-snapshot__name">{snapshotName(version)}</span>
                  <span className="ed-snapshot__meta">
                    {formatWhen(version.created_at, { seconds: true })}
                    {version.author_email ? ` · ${version.author_email}` : ''}
                  </span>
                </div>
                {version.status === 'published' ? <span className="ed-pill ed-pill--live">Published</span> : <span className="ed-pill">Draft</span>}
                <div className="ed-snapshot__actions">
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    disabled={!controls.canRestoreSnapshot || working}
                    onClick={() => setPending({ kind: 'restore', version })}
                    aria-label={`Restore ${snapshotName(version)}`}
                  >
                    Restore
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small ed-button--danger-ghost"
                    disabled={working}
                    onClick={() => setPending({ kind: 'delete', version })}
                    aria-label={`Delete ${snapshotName(version)}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </ModalDialog>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? 'Delete snapshot?' : 'Restore snapshot?'}
        message={
          pending?.kind === 'delete' ? (
            <p>
              Delete “{pending ? snapshotName(pending.version) : ''}”? This is permanent and cannot be undone.
            </p>
          ) : (
            <p>
              Restore “{pending ? snapshotName(pending.version) : ''}” into the draft? It overwrites the current draft
              {editor.dirty ? ', including your unsaved changes' : ''}. Live is not changed.
            </p>
          )
        }
        confirmLabel={pending?.kind === 'delete' ? (working ? 'Deleting…' : 'Delete snapshot') : working ? 'Restoring…' : 'Restore into draft'}
        tone={pending?.kind === 'delete' ? 'danger' : 'primary'}
        busy={working}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
