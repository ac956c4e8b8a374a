import { CONTACT_RESPONSE_TEXTS, PRIVACY_TEXTS, RESPONSE_NOTES_MAX_LENGTH } from '@punchline/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, errorText } from '../../shared/api';
import { formatWhen } from '../../shared/format-when';
import { DELIVERY_LABELS, itemFrom, type ContactResponse } from './contact-responses.state';

type OnSaved = (item: ContactResponse, respondedChanged: boolean) => void;

/** PATCH one message (its state or its notes); the result comes back as the api gives it, never thrown. */
function useResponsePatch(id: string) {
  return useMutation({ mutationFn: (patch: { responded: boolean } | { notes: string }) => api.patch(`/api/admin/contact-responses/${encodeURIComponent(id)}`, patch) });
}

/** Awaiting response / Responded: one PATCH, its error shown under the toggle. */
function useResponseStatus(item: ContactResponse, onSaved: OnSaved) {
  const statusPatch = useResponsePatch(item.id);
  const [statusError, setStatusError] = useState<string | null>(null);
  const setResponded = async (responded: boolean) => {
    if (responded === item.responded || statusPatch.isPending) return;
    setStatusError(null);
    const result = await statusPatch.mutateAsync({ responded });
    const saved = result.ok ? itemFrom(result.body) : null;
    if (!saved) {
      setStatusError(errorText(result, CONTACT_RESPONSE_TEXTS.updateFailed(result.status)));
      return;
    }
    onSaved(saved, true);
  };
  return { statusSaving: statusPatch.isPending, statusError, setResponded };
}

/** The team's notes on a message, edited here and saved on request. */
function useResponseNotes(item: ContactResponse, onSaved: OnSaved) {
  const notesPatch = useResponsePatch(item.id);
  const [notes, setNotes] = useState(item.notes);
  const [notesError, setNotesError] = useState<string | null>(null);
  const [notesSaved, setNotesSaved] = useState(false);

  // A reload (or another save) brings new notes; an edit in progress is kept.
  const [lastSavedNotes, setLastSavedNotes] = useState(item.notes);
  if (item.notes !== lastSavedNotes) {
    setLastSavedNotes(item.notes);
    if (notes === lastSavedNotes) setNotes(item.notes);
  }

  const saveNotes = async () => {
    setNotesError(null);
    setNotesSaved(false);
    const result = await notesPatch.mutateAsync({ notes });
    const saved = result.ok ? itemFrom(result.body) : null;
    if (!saved) {
      setNotesError(errorText(result, CONTACT_RESPONSE_TEXTS.notesFailed(result.status)));
      return;
    }
    setNotes(saved.notes);
    setLastSavedNotes(saved.notes);
    setNotesSaved(true);
    onSaved(saved, false);
  };

  const cancelNotes = () => {
    setNotes(item.notes);
    setNotesError(null);
    setNotesSaved(false);
  };

  const editNotes = (value: string) => {
    setNotes(value);
    setNotesSaved(false);
  };

  return { notes, notesDirty: notes !== item.notes, notesSaving: notesPatch.isPending, notesError, notesSaved, editNotes, saveNotes, cancelNotes };
}

/** One message: who, when, what, its delivery, the responded toggle and the notes. */
export function ResponseCard({ item, onSaved }: { item: ContactResponse; onSaved: OnSaved }) {
  const id = useId();
  const status = useResponseStatus(item, onSaved);
  const notes = useResponseNotes(item, onSaved);

  if (item.erased_at) return <ErasedCard item={item} onSaved={onSaved} />;

  return (
    <article className={`cr-card${item.responded ? ' is-responded' : ''}`} aria-labelledby={`${id}-name`}>
      <header className="cr-card__head">
        <div className="cr-card__who">
          <h2 id={`${id}-name`} className="cr-card__name">
            {item.name}
          </h2>
          <a className="cr-card__email" href={`mailto:${item.email}`}>
            {item.email}
          </a>
        </div>
        <div className="cr-card__meta">
          <time dateTime={item.created_at}>{formatWhen(item.created_at)}</time>
          <DeliveryBadge item={item} />
        </div>
      </header>

      <p className="cr-card__message">{item.message}</p>

      <div className="cr-card__actions">
        <StatusField id={id} item={item} legend={`Status of the message from ${item.name}`} saving={status.statusSaving} onChange={(responded) => void status.setResponded(responded)} />
        {item.responded && item.responded_by ? (
          <p className="cr-card__answered">
            by {item.responded_by}
            {item.responded_at ? (
              <>
                {' '}
                on <time dateTime={item.responded_at}>{formatWhen(item.responded_at)}</time>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <ErrorText text={status.statusError} />
      <NotesEditor id={id} {...notes} />
    </article>
  );
}

function ErrorText({ text }: { text: string | null }) {
  return text ? (
    <p className="admin-error" role="alert">
      {text}
    </p>
  ) : null;
}

interface StatusFieldProps {
  id: string;
  item: ContactResponse;
  legend: string;
  saving: boolean;
  onChange: (responded: boolean) => void;
}

function StatusField({ id, item, legend, saving, onChange }: StatusFieldProps) {
  return (
    <fieldset className="cr-status" disabled={saving}>
      <legend className="visually-hidden">{legend}</legend>
      <label className={`cr-status__option${item.responded ? '' : ' is-checked'}`}>
        <input type="radio" name={`${id}-status`} checked={!item.responded} onChange={() => onChange(false)} />
        {CONTACT_RESPONSE_TEXTS.awaiting}
      </label>
      <label className={`cr-status__option${item.responded ? ' is-checked' : ''}`}>
        <input type="radio" name={`${id}-status`} checked={item.responded} onChange={() => onChange(true)} />
        {CONTACT_RESPONSE_TEXTS.responded}
      </label>
    </fieldset>
  );
}

type NotesEditorProps = { id: string } & ReturnType<typeof useResponseNotes>;

function NotesEditor({ id, notes, notesDirty, notesSaving, notesError, notesSaved, editNotes, saveNotes, cancelNotes }: NotesEditorProps) {
  const notesLength = [...notes].length;
  const notesTooLong = notesLength > RESPONSE_NOTES_MAX_LENGTH;
  return (
    <div className="cr-notes">
      <label className="cr-notes__label" htmlFor={`${id}-notes`}>
        Notes
      </label>
      <textarea
        id={`${id}-notes`}
        className="cr-notes__input"
        rows={notes.split('\n').length > 2 ? 5 : 2}
        value={notes}
        placeholder="Add a note for the team"
        aria-invalid={notesTooLong || undefined}
        aria-describedby={`${id}-notes-count`}
        onChange={(event) => editNotes(event.target.value)}
      />
      <div className="cr-notes__row">
        <span id={`${id}-notes-count`} className={`cr-notes__count${notesTooLong ? ' is-over' : ''}`}>
          {notesLength.toLocaleString('en-US')} / {RESPONSE_NOTES_MAX_LENGTH.toLocaleString('en-US')}
        </span>
        <span className="cr-notes__buttons">
          <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={cancelNotes} disabled={!notesDirty || notesSaving}>
            Cancel
          </button>
          <button type="button" className="admin-button admin-button--primary admin-button--small" onClick={() => void saveNotes()} disabled={!notesDirty || notesSaving || notesTooLong}>
            {notesSaving ? 'Saving…' : 'Save notes'}
          </button>
        </span>
      </div>
      <ErrorText text={notesError} />
      {notesSaved && !notesDirty ? (
        <p className="cr-notes__saved" role="status">
          Notes saved.
        </p>
      ) : null}
    </div>
  );
}

/**
 * A message whose sender's data was erased (DESIGN §16): when it came, when it was erased, and its
 * state, which admins can still change (an unanswered erased message would otherwise stay in the badge).
 */
function ErasedCard({ item, onSaved }: { item: ContactResponse; onSaved: OnSaved }) {
  const id = useId();
  const status = useResponseStatus(item, onSaved);
  const erasedOn = formatWhen(item.erased_at!);
  return (
    <article className={`cr-card cr-card--erased${item.responded ? ' is-responded' : ''}`} aria-labelledby={`${id}-name`}>
      <header className="cr-card__head">
        <h2 id={`${id}-name`} className="cr-card__name">
          {PRIVACY_TEXTS.erasedOn(erasedOn)}
        </h2>
        <div className="cr-card__meta">
          <time dateTime={item.created_at}>{formatWhen(item.created_at)}</time>
          <DeliveryBadge item={item} />
        </div>
      </header>
      <p className="cr-card__erased">The sender&apos;s name, address, message and notes were erased.</p>
      <div className="cr-card__actions">
        <StatusField id={id} item={item} legend={`Status of the message erased on ${erasedOn}`} saving={status.statusSaving} onChange={(responded) => void status.setResponded(responded)} />
        {item.responded && item.responded_by ? <p className="cr-card__answered">by {item.responded_by}</p> : null}
      </div>
      <ErrorText text={status.statusError} />
    </article>
  );
}

/** pending / sent / failed / skipped; why it failed or was skipped on hover and, for keyboards and touch, behind "Why?". */
function DeliveryBadge({ item }: { item: ContactResponse }) {
  const label = DELIVERY_LABELS[item.delivery_status];
  return (
    <span className="cr-delivery">
      <span className={`cr-badge cr-badge--${item.delivery_status}`} title={item.delivery_error ?? undefined}>
        {label}
      </span>
      {item.delivery_error ? (
        <details className="cr-delivery__why">
          <summary>Why?</summary>
          <span>{item.delivery_error}</span>
        </details>
      ) : null}
    </span>
  );
}
