import {
  CONTACT_LIST_LIMIT_OPTIONS,
  CONTACT_RESPONSE_TEXTS,
  CONTACT_SEARCH_MAX_LENGTH,
  PRIVACY_TEXTS,
  type ContactSort,
} from '@punchline/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getJson, listView, queryKeys } from '../data/api-query';
import { searchWindowHint } from '../ui/search-window';
import { ListStatus } from '../ui/list-status';
import { type SelectOption } from '../ui/form-controls';
import { SearchField, SelectField, asOptions } from '../ui/toolbar-fields';
import { apiDownload } from '../../shared/api';
import {
  RESPONDED_FILTER_LABELS,
  contactResponsesPath,
  exportFileName,
  inboxFrom,
  initialInboxFilters,
  withSavedItem,
  type ContactResponse,
  type Inbox,
  type InboxFilters,
  type RespondedFilter,
} from './contact-responses.state';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useFilters } from '../ui/use-filters';
import { PrivacyDialog } from './privacy-dialog';
import { ResponseCard } from './response-card';
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
  const query = useQuery({
    queryKey: key,
    queryFn: async (context) => {
      const loaded = await getJson(contactResponsesPath(applied), inboxFrom, CONTACT_RESPONSE_TEXTS.loadFailed)(context);
      // The sidebar's count of unanswered messages is read again with every fresh list: otherwise it
      // could say 1 beside a list of 3 new messages until its next 60 s poll.
      void queryClient.invalidateQueries({ queryKey: queryKeys.pendingResponses });
      return loaded;
    },
    placeholderData: keepPreviousData,
  });
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
