/**
 * Issue 12 point 4: when the lock goes (Release, or another admin takes an expired lock) while
 * edits are unsaved, they are kept on this device; when this admin holds the lock again the draft
 * is reloaded (others may have saved meanwhile) and the kept edits are offered back on top of it.
 *
 * Issue 25: restoring compares each kept field with the value it was edited from, so a newer save
 * by another admin shows as a conflict to decide instead of being overwritten; and the draft
 * changing elsewhere (the lock's event stream says so) reloads the editor, or offers to when there
 * are unsaved edits (they are kept first, then restored through the same comparison).
 */
import { canonicalJson, normaliseSettings, type SettingsRecord } from '@punchline/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatWhen } from '../../shared/format-when';
import { changesForSave, recordForSave } from './draft-editor';
import { holderDisplayName } from './draft-lock';
import { useEditor } from './editor-context';
import { baseOf, forgetKeptEdits, keepEdits, mergeKeptEdits, readKeptEdits, type KeptEdits } from './kept-edits';
import { SETTINGS_FIELD_LABELS } from './publish-changes';
import { settingsApi, settingsFrom } from './settings-api';

type Field = keyof SettingsRecord;

const labelOf = (field: string) => SETTINGS_FIELD_LABELS[field as keyof typeof SETTINGS_FIELD_LABELS] ?? field;

/** A value as a short phrase for the conflict list ('“Spring season”', 'empty', '3 items'). */
function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'object') return 'changed';
  const text = String(value);
  return `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
}

/** Same content, whatever the stamps: the draft answer's updated_at moves with every save. */
function sameContent(a: SettingsRecord, b: SettingsRecord): boolean {
  return canonicalJson(recordForSave(a)) === canonicalJson(recordForSave(b));
}

export function KeptEditsBanner() {
  const { editor, lock, myEmail } = useEditor();
  const status = lock.state.status;
  const [kept, setKept] = useState<KeptEdits | null>(() => readKeptEdits(myEmail));
  const [conflicts, setConflicts] = useState<Field[]>([]);
  const [appliedSome, setAppliedSome] = useState(false);
  const previous = useRef(status);
  const editorRef = useRef(editor);
  editorRef.current = editor;

  useEffect(() => setKept(readKeptEdits(myEmail)), [myEmail]);

  /** Keeps the unsaved edits on this device, with the values they were edited from. */
  const keepOnDevice = useCallback(() => {
    const { state } = editorRef.current;
    if (myEmail && state.baseline && state.current) {
      const changes = changesForSave(state.baseline, state.current, state.pinned);
      setKept(keepEdits(myEmail, changes, new Date(), baseOf(changes, state.baseline)));
      setConflicts([]);
    }
  }, [myEmail]);

  // Someone else held the lock since this editor last did: the draft on screen may be stale.
  const otherHadIt = useRef(false);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    const { state, dirty } = editorRef.current;
    if (status === 'other') otherHadIt.current = true;
    if (was === 'mine' && (status === 'none' || status === 'other') && dirty) keepOnDevice();
    // Taking the lock back after another admin had it: reload, so what they saved shows before
    // editing goes on. Edits still on screen are kept first (restorable); never while a save or
    // publish is under way (that operation took the lock itself and sends only its changes).
    if (status === 'mine' && otherHadIt.current) {
      otherHadIt.current = false;
      if (state.busy === null) {
        if (dirty) keepOnDevice();
        void editorRef.current.reload();
      }
    }
  }, [status, keepOnDevice]);

  const changed = useChangedElsewhere(keepOnDevice);

  const restore = () => {
    if (kept === null || editor.state.current === null) return;
    const { apply, conflicts: found } = mergeKeptEdits(kept, editor.state.current);
    if (Object.keys(apply).length > 0) editor.update(apply);
    setAppliedSome(Object.keys(apply).length > 0);
    if (found.length === 0) {
      forgetKeptEdits();
      setKept(null);
      return;
    }
    // Only the conflicting fields stay kept (a reload now still offers them).
    const left = Object.fromEntries(found.map((f) => [f, kept.changes[f]])) as Partial<SettingsRecord>;
    const base = kept.base ? (Object.fromEntries(found.map((f) => [f, kept.base![f]])) as Partial<SettingsRecord>) : undefined;
    if (myEmail) keepEdits(myEmail, left, new Date(kept.keptAt), base);
    setKept({ ...kept, changes: left, base });
    setConflicts(found);
  };

  const settle = (field: Field, useMine: boolean) => {
    if (kept === null) return;
    if (useMine) editor.update({ [field]: kept.changes[field] } as Partial<SettingsRecord>);
    const rest = conflicts.filter((f) => f !== field);
    setConflicts(rest);
    if (rest.length === 0) {
      forgetKeptEdits();
      setKept(null);
      return;
    }
    const left = Object.fromEntries(rest.map((f) => [f, kept.changes[f]])) as Partial<SettingsRecord>;
    const base = kept.base ? (Object.fromEntries(rest.map((f) => [f, kept.base![f]])) as Partial<SettingsRecord>) : undefined;
    if (myEmail) keepEdits(myEmail, left, new Date(kept.keptAt), base);
    setKept({ ...kept, changes: left, base });
  };

  const changedBanner = changed.shown ? <ChangedElsewhereBanner onLoad={() => void changed.load()} onDismiss={changed.dismiss} /> : null;

  if (kept === null) return changedBanner;
  const current = editor.state.current;
  if (conflicts.length > 0 && current !== null) {
    const now = recordForSave(current) as Record<string, unknown>;
    return (
      <>
        {changedBanner}
        <KeptConflicts conflicts={conflicts} theirs={now} yours={kept.changes} appliedSome={appliedSome} onSettle={settle} />
      </>
    );
  }
  const fields = Object.keys(kept.changes).map(labelOf);
  const canRestore = status === 'mine' && !editor.dirty && editor.state.current !== null && editor.state.stage === 'draft';
  return (
    <>
      {changedBanner}
      <div className="kit-message kit-message--info ed-kept-edits" role="status">
        <p>
          Unsaved changes from {formatWhen(kept.keptAt)} are kept on this device ({fields.join(', ')}).{' '}
          {canRestore ? 'Restore them into the draft to review and save them.' : status === 'mine' ? '' : 'You can restore them once you hold the draft lock.'}
        </p>
        <div className="ed-kept-edits__actions">
          {canRestore ? (
            <button type="button" className="kit-button kit-button--small kit-button--primary" onClick={restore}>
              Restore my changes
            </button>
          ) : null}
          <button
            type="button"
            className="kit-button kit-button--small"
            onClick={() => {
              forgetKeptEdits();
              setKept(null);
              setConflicts([]);
            }}
          >
            Discard them
          </button>
        </div>
      </div>
    </>
  );
}

/**
 * Issue 25: the draft's version moved (a save, restore or pull made elsewhere, or this tab's own).
 * Once no operation of this editor is running, the draft is read again and compared with what the
 * editor shows; only a real difference counts, so this tab's own saves pass unnoticed.
 */
function useChangedElsewhere(keepOnDevice: () => void) {
  const { editor, lock } = useEditor();
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const editorRef = useRef(editor);
  editorRef.current = editor;
  const lockRef = useRef(lock);
  lockRef.current = lock;
  const seenVersion = useRef<number | null>(null);
  const [checkPending, setCheckPending] = useState(false);
  const version = lock.draftVersion;
  useEffect(() => {
    if (version === null) return;
    if (seenVersion.current !== null && seenVersion.current !== version) setCheckPending(true);
    seenVersion.current = version;
  }, [version]);
  const { busy, loading, stage } = editor.state;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!checkPending || busy !== null || loading) return;
    setCheckPending(false);
    if (stage !== 'draft') return;
    // Not cancelled by this effect's next run (clearing checkPending causes one): the answer is
    // judged against the editor as it is when it arrives.
    void settingsApi.load('draft').then((result) => {
      const raw = result.ok ? settingsFrom(result.body) : null;
      const { state, dirty } = editorRef.current;
      if (!mounted.current || raw === null || state.baseline === null || state.busy !== null || state.loading || state.stage !== 'draft') return;
      if (sameContent(normaliseSettings(raw, 'editor'), state.baseline)) return;
      if (dirty) {
        // An older 'now shows it' notice would contradict the offer.
        editorRef.current.dismissNotice();
        setChangedElsewhere(true);
        return;
      }
      const holder = lockRef.current.state.status === 'other' ? (lockRef.current.state.holderName ?? lockRef.current.state.holderEmail) : null;
      void editorRef.current.reload().then(() =>
        editorRef.current.notify({
          tone: 'success',
          text: `${holder ? `${holder} changed the draft` : 'The draft was changed elsewhere (another tab, Site history or another admin)'}; the editor now shows it.`,
        }),
      );
    });
  }, [checkPending, busy, loading, stage]);

  // The offer is about unsaved edits over a stale draft: once there are none (kept and reloaded
  // when the lock came back, saved, discarded), it has nothing left to offer.
  const dirtyNow = editor.dirty;
  useEffect(() => {
    if (!dirtyNow) setChangedElsewhere(false);
  }, [dirtyNow]);

  const loadChangedDraft = async () => {
    keepOnDevice();
    setChangedElsewhere(false);
    await editorRef.current.reload();
  };
  return { shown: changedElsewhere, dismiss: () => setChangedElsewhere(false), load: loadChangedDraft };
}

function ChangedElsewhereBanner({ onLoad, onDismiss }: { onLoad: () => void; onDismiss: () => void }) {
  const { lock } = useEditor();
  const status = lock.state.status;
  return (
    <div className="kit-message kit-message--info ed-kept-edits" role="status">
      <p>
        The draft was changed elsewhere since you loaded it
        {status === 'other' ? ` (${holderDisplayName({ holder_email: lock.state.holderEmail, holder_name: lock.state.holderName })} holds the lock)` : ''}. Load it to see
        those changes: your unsaved changes are kept on this device and can be restored on top, field by field.
      </p>
      <div className="ed-kept-edits__actions">
        <button type="button" className="kit-button kit-button--small kit-button--primary" onClick={onLoad}>
          Load the changed draft
        </button>
        <button type="button" className="kit-button kit-button--small" onClick={onDismiss}>
          Not now
        </button>
      </div>
    </div>
  );
}

function KeptConflicts({
  conflicts,
  theirs,
  yours,
  appliedSome,
  onSettle,
}: {
  conflicts: Field[];
  theirs: Record<string, unknown>;
  yours: Partial<SettingsRecord>;
  appliedSome: boolean;
  onSettle: (field: Field, useMine: boolean) => void;
}) {
  const { provenance } = useEditor();
  return (
    <div className="kit-message kit-message--info ed-kept-edits" role="group" aria-label="Your kept changes that conflict">
      <p>
        {appliedSome ? 'Your other changes are back in the form. ' : ''}
        {conflicts.length === 1 ? 'This field was' : 'These fields were'} saved by someone else after you began editing{' '}
        {conflicts.length === 1 ? 'it' : 'them'}; choose which value to keep:
      </p>
      <ul className="ed-kept-edits__conflicts">
        {conflicts.map((field) => {
          const who = provenance[field]?.actor_name ?? provenance[field]?.actor_email ?? 'Another admin';
          return (
            <li key={field} className="ed-kept-edits__conflict">
              <p>
                <strong>{labelOf(field)}</strong>: {who} changed this after you (theirs: {shortValue(theirs[field])}; yours: {shortValue(yours[field])}).
              </p>
              <div className="ed-kept-edits__actions">
                <button type="button" className="kit-button kit-button--small" onClick={() => onSettle(field, false)}>
                  Keep theirs<span className="visually-hidden"> for {labelOf(field)}</span>
                </button>
                <button type="button" className="kit-button kit-button--small" onClick={() => onSettle(field, true)}>
                  Use yours<span className="visually-hidden"> for {labelOf(field)}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
