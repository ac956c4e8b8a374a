import {
  CONTACT_LIST_LIMIT_OPTIONS,
  CONTACT_RESPONSE_TEXTS,
  CONTACT_SEARCH_MAX_LENGTH,
  PRIVACY_TEXTS,
  RESPONSE_NOTES_MAX_LENGTH,
  type ContactSort,
} from '@punchline/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getJson, listView, queryKeys } from '../data/api-query';
import { searchWindowHint } from '../ui/search-window';
import { ListStatus } from '../ui/list-status';
import { type SelectOption } from '../ui/form-controls';
import { SearchField, SelectField, asOptions } from '../ui/toolbar-fields';
import { api, apiDownload, errorText } from '../../shared/api';
import {
  DELIVERY_LABELS,
  RESPONDED_FILTER_LABELS,
  contactResponsesPath,
  exportFileName,
  inboxFrom,
  initialInboxFilters,
  itemFrom,
  withSavedItem,
  type ContactResponse,
  type Inbox,
  type InboxFilters,
  type RespondedFilter,
} from './contact-responses.state';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { formatWhen } from '../../shared/format-when';
import { useFilters } from '../ui/use-filters';
import { PrivacyDialog } from './privacy-dialog';
import './contact-responses.css';

const SEARCH_DEBOUNCE_MS = 250;
const EMPTY_INBOX: Inbox = { items: [], total: 0, searchedNewest: null };
const SORT_OPTIONS: SelectOption<ContactSort>[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];
const RESPONDED_OPTIONS = (Object.keys(RESPONDED_FILTER_LABELS) as RespondedFilter[]).map((value) => ({ value, label: RESPONDED_FILTER_LABELS[value] }));

/** SPEC §2 "Contact Responses": the inbox of contact messages. */
export function ContactResponsesPage() {
  const [filters, set] = useFilters<InboxFilters>(initialInboxFilters);
  const q = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const id = useId();
  const queryClient = useQueryClient();

  const { sort, responded, limit } = filters;
  const applied = { q, sort, responded, limit };
  const key = queryKeys.inbox(applied);
  const query = useQuery({ queryKey: key, queryFn: getJson(contactResponsesPath(applied), inboxFrom, CONTACT_RESPONSE_TEXTS.loadFailed), placeholderData: keepPreviousData });
  const view = listView(query);
  const inbox = view.data ?? EMPTY_INBOX;

  // A saved message is replaced in place, even if it no longer matches the filter: rows do not vanish
  // under the pointer. A change of state also changes the sidebar's count of unanswered messages.
  const onSaved = (saved: ContactResponse, respondedChanged: boolean) => {
    queryClient.setQueryData<Inbox>(key, (current) => current && withSavedItem(current, saved));
    if (respondedChanged) void queryClient.invalidateQueries({ queryKey: queryKeys.pendingResponses });
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    const download = await apiDownload(contactResponsesPath({ ...filters, q }, 'csv'));
    setExporting(false);
    if (!download.ok || !download.blob) {
      setExportError(CONTACT_RESPONSE_TEXTS.exportFailed(download.status));
      return;
    }
    const url = URL.createObjectURL(download.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(download.disposition, new Date());
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked on the next turn: the click has handed the blob to the download by then.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const loading = view.phase === 'loading';

  return (
    <div className="admin-screen cr-screen">
      <header className="admin-screen__head">
        <h1 className="admin-screen__title">Contact Responses</h1>
        <p className="admin-screen__lead">Messages sent through the contact form. Mark each one once it has been answered, and keep notes for the team.</p>
      </header>

      {view.phase === 'forbidden' ? (
        <p className="admin-error" role="alert">
          {CONTACT_RESPONSE_TEXTS.forbidden}
        </p>
      ) : (
        <>
          <form className="admin-toolbar" role="search" aria-label="Filter messages" onSubmit={(event) => event.preventDefault()}>
            <SearchField id={`${id}-q`} label="Search" className="cr-field cr-field--search" placeholder="Name, email, message or notes" maxLength={CONTACT_SEARCH_MAX_LENGTH}
              value={filters.q} onChange={(value) => set('q', value)} />
            <SelectField id={`${id}-sort`} label="Sort" className="cr-field" value={filters.sort} options={SORT_OPTIONS} onChange={(value) => set('sort', value)} />
            <SelectField id={`${id}-responded`} label="Show" className="cr-field" value={filters.responded} options={RESPONDED_OPTIONS} onChange={(value) => set('responded', value)} />
            <SelectField
              id={`${id}-limit`}
              label="Rows"
              className="cr-field cr-field--narrow admin-toolbar__field--narrow"
              value={filters.limit}
              options={asOptions(CONTACT_LIST_LIMIT_OPTIONS)}
              onChange={(value) => set('limit', value)}
            />
            <div className="admin-toolbar__field admin-toolbar__field--narrow cr-field--action">
              <button type="button" className="admin-button admin-button--secondary" onClick={() => void exportCsv()} disabled={exporting}>
                {exporting ? 'Exporting…' : 'Export CSV'}
              </button>
            </div>
            <div className="admin-toolbar__field admin-toolbar__field--narrow cr-field--action">
              <button type="button" className="admin-button admin-button--secondary" onClick={() => setPrivacyOpen(true)}>
                {PRIVACY_TEXTS.findPerson}
              </button>
            </div>
          </form>
          {exportError ? (
            <p className="admin-error" role="alert">
              {exportError}
            </p>
          ) : null}

          <ListStatus
            className="cr-summary"
            text={loading ? 'Loading messages…' : view.phase === 'ready' ? summaryText(inbox.items.length, inbox.total, inbox.searchedNewest) : ''}
            error={view.phase === 'error' ? view.error : null}
          />

          <PrivacyDialog open={privacyOpen} onClose={() => setPrivacyOpen(false)} />

          <ul className="cr-list" aria-busy={loading || undefined} aria-label="Messages">
            {inbox.items.map((item) => (
              <li key={item.id}>
                <ResponseCard item={item} onSaved={onSaved} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function summaryText(shown: number, total: number, searchedNewest: number | null): string {
  const noun = total === 1 ? 'message' : 'messages';
  const found = total === 0 ? 'No messages match.' : shown < total ? `Showing ${shown} of ${total} ${noun}.` : `${total} ${noun}.`;
  return searchedNewest === null ? found : `${found} ${searchWindowHint(searchedNewest, 'messages')}`;
}

/** PATCH one message (its state or its notes); the result comes back as the api gives it, never thrown. */
function useResponsePatch(id: string) {
  return useMutation({ mutationFn: (patch: { responded: boolean } | { notes: string }) => api.patch(`/api/admin/contact-responses/${encodeURIComponent(id)}`, patch) });
}

/** One message: who, when, what, its delivery, the responded toggle and the notes. */
function ResponseCard({ item, onSaved }: { item: ContactResponse; onSaved: (item: ContactResponse, respondedChanged: boolean) => void }) {
  const id = useId();
  const statusPatch = useResponsePatch(item.id);
  const notesPatch = useResponsePatch(item.id);
  const statusSaving = statusPatch.isPending;
  const notesSaving = notesPatch.isPending;
  const [statusError, setStatusError] = useState<string | null>(null);
  const [notes, setNotes] = useState(item.notes);
  const [notesError, setNotesError] = useState<string | null>(null);
  const [notesSaved, setNotesSaved] = useState(false);

  // A reload (or another save) brings new notes; an edit in progress is kept.
  const [lastSavedNotes, setLastSavedNotes] = useState(item.notes);
  if (item.notes !== lastSavedNotes) {
    setLastSavedNotes(item.notes);
    if (notes === lastSavedNotes) setNotes(item.notes);
  }

  const notesDirty = notes !== item.notes;
  const notesLength = [...notes].length;
  const notesTooLong = notesLength > RESPONSE_NOTES_MAX_LENGTH;

  const setResponded = async (responded: boolean) => {
    if (responded === item.responded || statusSaving) return;
    setStatusError(null);
    const result = await statusPatch.mutateAsync({ responded });
    const saved = result.ok ? itemFrom(result.body) : null;
    if (!saved) {
      setStatusError(errorText(result, CONTACT_RESPONSE_TEXTS.updateFailed(result.status)));
      return;
    }
    onSaved(saved, true);
  };

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
        <fieldset className="cr-status" disabled={statusSaving}>
          <legend className="visually-hidden">Status of the message from {item.name}</legend>
          <label className={`cr-status__option${item.responded ? '' : ' is-checked'}`}>
            <input type="radio" name={`${id}-status`} checked={!item.responded} onChange={() => void setResponded(false)} />
            {CONTACT_RESPONSE_TEXTS.awaiting}
          </label>
          <label className={`cr-status__option${item.responded ? ' is-checked' : ''}`}>
            <input type="radio" name={`${id}-status`} checked={item.responded} onChange={() => void setResponded(true)} />
            {CONTACT_RESPONSE_TEXTS.responded}
          </label>
        </fieldset>
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
      {statusError ? (
        <p className="admin-error" role="alert">
          {statusError}
        </p>
      ) : null}

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
          onChange={(event) => {
            setNotes(event.target.value);
            setNotesSaved(false);
          }}
        />
        <div className="cr-notes__row">
          <span id={`${id}-notes-count`} className={`cr-notes__count${notesTooLong ? ' is-over' : ''}`}>
            {notesLength.toLocaleString('en-US')} / {RESPONSE_NOTES_MAX_LENGTH.toLocaleString('en-US')}
          </span>
          <span className="cr-notes__buttons">
            <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={cancelNotes} disabled={!notesDirty || notesSaving}>
              Cancel
            </button>
            <button
              type="button"
              className="admin-button admin-button--primary admin-button--small"
              onClick={() => void saveNotes()}
              disabled={!notesDirty || notesSaving || notesTooLong}
            >
              {notesSaving ? 'Saving…' : 'Save notes'}
            </button>
          </span>
        </div>
        {notesError ? (
          <p className="admin-error" role="alert">
            {notesError}
          </p>
        ) : null}
        {notesSaved && !notesDirty ? (
          <p className="cr-notes__saved" role="status">
            Notes saved.
          </p>
        ) : null}
      </div>
    </article>
  );
}

/**
 * A message whose sender's data was erased (DESIGN §16): when it came, when it was erased, and its
 * state, which admins can still change (an unanswered erased message would otherwise stay in the badge).
 */
function ErasedCard({ item, onSaved }: { item: ContactResponse; onSaved: (item: ContactResponse, respondedChanged: boolean) => void }) {
  const id = useId();
  const statusPatch = useResponsePatch(item.id);
  const [statusError, setStatusError] = useState<string | null>(null);
  const erasedOn = formatWhen(item.erased_at!);
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
        <fieldset className="cr-status" disabled={statusPatch.isPending}>
          <legend className="visually-hidden">Status of the message erased on {erasedOn}</legend>
          <label className={`cr-status__option${item.responded ? '' : ' is-checked'}`}>
            <input type="radio" name={`${id}-status`} checked={!item.responded} onChange={() => void setResponded(false)} />
            {CONTACT_RESPONSE_TEXTS.awaiting}
          </label>
          <label className={`cr-status__option${item.responded ? ' is-checked' : ''}`}>
            <input type="radio" name={`${id}-status`} checked={item.responded} onChange={() => void setResponded(true)} />
            {CONTACT_RESPONSE_TEXTS.responded}
          </label>
        </fieldset>
        {item.responded && item.responded_by ? <p className="cr-card__answered">by {item.responded_by}</p> : null}
      </div>
      {statusError ? (
        <p className="admin-error" role="alert">
          {statusError}
        </p>
      ) : null}
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

export default ContactResponsesPage;
