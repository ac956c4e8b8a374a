import { AUDIT_LIMIT_OPTIONS, AUDIT_SEARCH_MAX_LENGTH, actionLabel } from '@punchline/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getJson, listView, queryKeys } from '../data/api-query';
import { searchWindowHint } from '../ui/search-window';
import { ListStatus } from '../ui/list-status';
import { type SelectOption } from '../ui/form-controls';
import { SearchField, SelectField, asOptions } from '../ui/toolbar-fields';
import {
  AUDIT_TEXTS,
  auditFrom,
  auditPath,
  historyLinkText,
  historyStageOf,
  initialAuditFilters,
  localSummary,
  metaDetail,
  optionsWith,
  type AuditEntry,
  type AuditFilters,
  type AuditLog,
} from './audit-log.state';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { formatWhen } from '../../shared/format-when';
import { useSession } from '../../shared/session';
import { Link } from 'react-router';
import { LoadedChanges } from '../history/change-list';
import { useFilters } from '../ui/use-filters';
import { ExportDownload } from './export-download';
import './audit-log.css';

const SEARCH_DEBOUNCE_MS = 250;
const EMPTY_LOG: AuditLog = { items: [], actors: [], actions: [], searchedNewest: null };
const DIRECTION_OPTIONS: SelectOption<AuditFilters['direction']>[] = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
];

/** SPEC §2 "Audit Log": every recorded action, filterable by actor, action and text. */
export function AuditLogPage() {
  const { isAuditor } = useSession();
  const [filters, set] = useFilters<AuditFilters>(initialAuditFilters);
  const q = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  const id = useId();

  const { actor, action, limit, direction, contentOnly, eachLockEvent } = filters;
  const applied = { actor, action, q, limit, direction, contentOnly, eachLockEvent };
  const query = useQuery({ queryKey: queryKeys.audit(applied), queryFn: getJson(auditPath(applied), auditFrom, AUDIT_TEXTS.loadFailed), placeholderData: keepPreviousData });
  const view = listView(query);
  // SPEC §8: after a failed load the entries and both filter lists are empty.
  const log = view.data ?? EMPTY_LOG;

  const loading = view.phase === 'loading';

  return (
    <div className="admin-screen al-screen">
      <header className="admin-screen__head">
        <h1 className="admin-screen__title">Audit Log</h1>
        <p className="admin-screen__lead">
          Every change, sign-in and contact message, as it was recorded. Entries cannot be edited or removed.{' '}
          <Link to="/admin/history">{historyLinkText(isAuditor)}</Link>
        </p>
        <ExportDownload className="al-export" />
      </header>

      <form className="admin-toolbar" role="search" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
        <SearchField id={`${id}-q`} label="Search" className="al-field al-field--search" placeholder="Words in the entry, an actor, a field" maxLength={AUDIT_SEARCH_MAX_LENGTH}
          value={filters.q} onChange={(value) => set('q', value)} />
        <SelectField
          id={`${id}-actor`}
          label="Actor"
          className="al-field"
          value={filters.actor}
          options={[{ value: '', label: 'All actors' }, ...asOptions(optionsWith(log.actors, filters.actor))]}
          onChange={(value) => set('actor', value)}
        />
        <SelectField
          id={`${id}-action`}
          label="Action"
          className="al-field"
          value={filters.action}
          options={[{ value: '', label: 'All actions' }, ...optionsWith(log.actions, filters.action).map((value) => ({ value, label: actionLabel(value) }))]}
          onChange={(value) => set('action', value)}
        />
        <SelectField id={`${id}-limit`} label="Rows" className="al-field al-field--narrow admin-toolbar__field--narrow" value={filters.limit} options={asOptions(AUDIT_LIMIT_OPTIONS)} onChange={(value) => set('limit', value)} />
        <SelectField
          id={`${id}-direction`}
          label="Order"
          className="al-field al-field--narrow admin-toolbar__field--narrow"
          value={filters.direction}
          options={DIRECTION_OPTIONS}
          onChange={(value) => set('direction', value)}
        />
        <div className="admin-toolbar__field admin-toolbar__field--check">
          <input id={`${id}-content`} type="checkbox" checked={filters.contentOnly} onChange={(event) => set('contentOnly', event.target.checked)} />
          <label htmlFor={`${id}-content`}>Content changes only</label>
        </div>
        <div className="admin-toolbar__field admin-toolbar__field--check">
          <input id={`${id}-locks`} type="checkbox" checked={filters.eachLockEvent} onChange={(event) => set('eachLockEvent', event.target.checked)} />
          <label htmlFor={`${id}-locks`}>Every lock renewal</label>
        </div>
      </form>

      <ListStatus
        className="al-summary"
        text={loading ? 'Loading audit log…' : view.phase === 'ready' ? summaryText(log.items.length, filters.limit, log.searchedNewest) : ''}
        error={view.error}
      />

      {log.items.length > 0 ? (
        // Explicit roles: the narrow layout turns rows into cards with display:block, which would drop table semantics.
        <table className="al-table" role="table" aria-busy={loading || undefined} aria-label="Audit entries">
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                Time
              </th>
              <th role="columnheader" scope="col">
                Actor
              </th>
              <th role="columnheader" scope="col">
                Action
              </th>
              <th role="columnheader" scope="col">
                Details
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {log.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function summaryText(shown: number, limit: number, searchedNewest: number | null): string {
  const noun = shown === 1 ? 'entry' : 'entries';
  const found = shown === 0 ? 'No entries match.' : shown === limit ? `Showing the first ${shown} ${noun}; narrow the filters or show more rows to see others.` : `${shown} ${noun}.`;
  return searchedNewest === null ? found : `${found} ${searchWindowHint(searchedNewest, 'entries')}`;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const summary = localSummary(entry);
  const stage = historyStageOf(entry);
  const [open, setOpen] = useState(false);
  return (
    <tr role="row">
      <td role="cell" data-label="Time" className="al-time">
        <time dateTime={entry.occurred_at}>{formatWhen(entry.occurred_at, { seconds: true })}</time>
      </td>
      <td role="cell" data-label="Actor" className="al-actor">
        {entry.actor_email ?? <span className="al-muted">{AUDIT_TEXTS.noActor}</span>}
      </td>
      <td role="cell" data-label="Action">
        <span className="al-action">{actionLabel(entry.action)}</span>
      </td>
      <td role="cell" data-label="Details" className="al-meta">
        {stage !== null ? (
          // Content changes open into their before → after, read from history (issue 10).
          <details onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
            <summary>{summary}</summary>
            {open ? <LoadedChanges stage={stage} from={entry.position - 1} to={entry.position} label={`Changes: ${summary}`} /> : null}
            <RawEntry entry={entry} />
          </details>
        ) : (
          // One block: on phones the cell is a two-column grid (its label, then this).
          <div>
            <span>{summary || <span className="al-muted">—</span>}</span>
            <RawEntry entry={entry} />
          </div>
        )}
      </td>
    </tr>
  );
}

/** The entry as recorded (event type, point, UTC time, data), behind 'Details' (issue 25): for whoever needs the record itself. */
function RawEntry({ entry }: { entry: AuditEntry }) {
  return (
    <details className="al-raw">
      <summary>
        Details<span className="visually-hidden"> of entry {entry.position} as recorded</span>
      </summary>
      <pre>{metaDetail({ event: entry.action, point: entry.position, recorded: entry.occurred_at, data: entry.meta, ...(entry.lock_holding ? { holding: entry.lock_holding } : {}) })}</pre>
    </details>
  );
}
