/**
 * /admin/media (SPEC §2 Media Manager): search, sort, usage filter, upload, and a grid of files
 * with copy URL, rename and delete. Deleting a used file is blocked with the list of places that
 * use it; renaming rewrites those places on the server.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatBytes, formatKilobytes, renamedMediaFileName, type MediaUsage } from '@punchline/domain';
import { ConfirmDialog, ModalDialog } from '../editor/modal-dialog';
import { formatWhen } from '../../shared/format-when';
import { deleteMedia, fetchFileUsage, fetchUsage, renameMedia, type MediaItem } from './media-api';
import {
  COPIED_FEEDBACK_MS,
  MEDIA_SEARCH_DEBOUNCE_MS,
  SORT_OPTIONS,
  USAGE_FILTERS,
  absoluteUrl,
  displayDate,
  filterByUsage,
  sortOption,
  uploadAccept,
  usageLines,
  usageSummary,
  type SortOption,
  type UsageFilter,
} from './media-library';
import { MEDIA_TEXTS } from './media-texts';
import { MediaThumb } from './media-thumb';
import { copyText } from './clipboard';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useMediaList } from './use-media-list';
import { uploadingLabel, useUploader } from './use-uploader';
import '../editor/editor.css';
import './media.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

export function MediaManagerPage() {
  const searchId = useId();
  const sortId = useId();
  const usageId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, MEDIA_SEARCH_DEBOUNCE_MS);
  const [sortKey, setSortKey] = useState<SortOption['id']>('newest');
  const [usageFilter, setUsageFilter] = useState<UsageFilter>('all');
  const sort = sortOption(sortKey);
  const list = useMediaList({ sort: sort.sort, direction: sort.direction, q });

  const [usage, setUsage] = useState<Map<string, MediaUsage[]> | null>(null);
  const [usageError, setUsageError] = useState<string | null>(null);
  const loadUsage = useCallback(async () => {
    const result = await fetchUsage();
    if (result.ok) {
      setUsage(result.value);
      setUsageError(null);
    } else {
      setUsage(null);
      setUsageError(result.error);
    }
  }, []);
  useEffect(() => {
    void loadUsage();
  }, [loadUsage]);

  const [notice, setNotice] = useState<Notice>(null);
  const { reload } = list;
  const refresh = useCallback(() => {
    reload();
    void loadUsage();
  }, [reload, loadUsage]);

  // Upload
  const fileInput = useRef<HTMLInputElement>(null);
  const uploader = useUploader();
  // Files whose bytes were already in the library: offered as they are, or uploaded as copies on request.
  const [identical, setIdentical] = useState<File[]>([]);
  const onFiles = async (files: File[], options: { keepDuplicate?: boolean } = {}) => {
    if (files.length === 0) return;
    setNotice(null);
    setIdentical([]);
    const results = await uploader.upload(files, options);
    const errors: string[] = [];
    const stored: string[] = [];
    const duplicates: File[] = [];
    for (const r of results) {
      if (r.ok) stored.push(r.value.item?.name ?? r.fileName);
      else {
        if (r.existing) duplicates.push(r.file);
        errors.push(results.length > 1 ? `${r.fileName}: ${r.error}` : r.error);
      }
    }
    if (errors.length > 0) setNotice({ tone: duplicates.length === errors.length ? 'success' : 'error', text: [...(stored.length > 0 ? [`Uploaded ${stored.length}.`] : []), ...errors].join(' ') });
    else setNotice({ tone: 'success', text: stored.length === 1 ? `Uploaded “${stored[0]}”.` : `Uploaded ${stored.length} files.` });
    setIdentical(duplicates);
    if (stored.length > 0) refresh();
  };

  // Copy URL: 'Copied' for 2 s on the file's button.
  const [copiedPath, setCopiedPath] = useState<string | null>(null);
  useEffect(() => {
    if (copiedPath === null) return;
    const timer = setTimeout(() => setCopiedPath(null), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copiedPath]);
  const onCopy = async (item: MediaItem) => {
    if (await copyText(absoluteUrl(item.url, window.location.origin))) setCopiedPath(item.path);
    else setNotice({ tone: 'error', text: MEDIA_TEXTS.copyFailed });
  };

  // Rename
  const [renaming, setRenaming] = useState<MediaItem | null>(null);
  // Delete: check usage first, then either the in-use alert or the confirm.
  const [checkingPath, setCheckingPath] = useState<string | null>(null);
  const [inUse, setInUse] = useState<{ item: MediaItem; usage: MediaUsage[] } | null>(null);
  // Kept by snapshots or earlier publishes: a warning to get past before the usual confirm.
  const [kept, setKept] = useState<{ item: MediaItem; lines: string[] } | null>(null);
  const [confirming, setConfirming] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  const onDelete = async (item: MediaItem) => {
    setNotice(null);
    setCheckingPath(item.path);
    const result = await fetchFileUsage(item.path);
    setCheckingPath(null);
    if (!result.ok) {
      setNotice({ tone: 'error', text: MEDIA_TEXTS.usageFailed });
      return;
    }
    const { usage: used, history } = result.value;
    const keptLines = [
      ...history.snapshots.map((s) => MEDIA_TEXTS.keptBySnapshot(s.label, formatWhen(s.created_at))),
      ...history.publishes.map((p) => MEDIA_TEXTS.keptByPublish(formatWhen(p.occurred_at))),
    ];
    if (used.length > 0) setInUse({ item, usage: used });
    else if (keptLines.length > 0) setKept({ item, lines: keptLines });
    else setConfirming(item);
  };

  const confirmDelete = async () => {
    const item = confirming;
    if (!item) return;
    setDeleting(true);
    const result = await deleteMedia(item.path);
    setDeleting(false);
    setConfirming(null);
    if (result.ok) {
      setNotice({ tone: 'success', text: `Deleted “${item.name}”.` });
      refresh();
    } else if (result.usage && result.usage.length > 0) {
      setInUse({ item, usage: result.usage });
    } else {
      setNotice({ tone: 'error', text: result.error });
    }
  };

  const visible = filterByUsage(list.items, usage, usageFilter);
  const searching = q.trim() !== '' || usageFilter !== 'all';

  return (
    <div className="ed-root md-manager">
      <header className="md-header">
        <div>
          <h1 className="md-header__title">Media Manager</h1>
          <p className="md-header__description">Images and videos for the site. Pick them from any image or video field in the editor.</p>
        </div>
        <div className="md-header__upload">
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            accept={uploadAccept()}
            multiple
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void onFiles(files);
            }}
          />
          <button type="button" className="ed-button ed-button--primary" onClick={() => fileInput.current?.click()} disabled={uploader.uploading}>
            {uploader.progress ? uploadingLabel(uploader.progress) : 'Upload'}
          </button>
          {uploader.progress ? <progress className="md-progress" max={1} value={uploader.progress.fraction} aria-label="Upload progress" /> : null}
        </div>
      </header>

      <div className="md-toolbar" role="search">
        <div className="md-toolbar__search">
          <label htmlFor={searchId} className="ed-field__label">
            Search
          </label>
          <input id={searchId} className="ed-input" type="search" value={search} placeholder="Search by file name" autoComplete="off" onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div>
          <label htmlFor={sortId} className="ed-field__label">
            Sort
          </label>
          <select id={sortId} className="ed-input ed-select" value={sortKey} onChange={(e) => setSortKey(e.target.value as SortOption['id'])}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={usageId} className="ed-field__label">
            Usage
          </label>
          <select id={usageId} className="ed-input ed-select" value={usageFilter} onChange={(e) => setUsageFilter(e.target.value as UsageFilter)}>
            {USAGE_FILTERS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="md-notices" aria-live="polite">
        {notice ? (
          <p className={`ed-notice ed-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
            <span>{notice.text}</span>
            {identical.length > 0 ? (
              <button type="button" className="ed-button ed-button--small" onClick={() => void onFiles(identical, { keepDuplicate: true })}>
                Upload {identical.length === 1 ? 'a copy' : 'copies'} anyway
              </button>
            ) : null}
            <button
              type="button"
              className="ed-button ed-button--small ed-button--ghost"
              onClick={() => {
                setNotice(null);
                setIdentical([]);
              }}
            >
              Dismiss
            </button>
          </p>
        ) : null}
        {usageError && usageFilter !== 'all' ? (
          <p className="ed-message ed-message--error" role="alert">
            {usageError} All files are shown.
          </p>
        ) : null}
      </div>

      {list.status === 'error' ? (
        <div className="ed-message ed-message--error md-load-error" role="alert">
          <span>{list.error ?? MEDIA_TEXTS.loadFailed}</span>
          <button type="button" className="ed-button ed-button--small" onClick={refresh}>
            Retry
          </button>
        </div>
      ) : null}

      {list.status === 'loading' && list.items.length === 0 ? (
        <p className="ed-muted" role="status">
          Loading media…
        </p>
      ) : null}

      {list.status !== 'error' && !(list.status === 'loading' && list.items.length === 0) ? (
        visible.length === 0 ? (
          <p className="md-empty">{searching ? MEDIA_TEXTS.noMatchesFor(q, usageFilter) : MEDIA_TEXTS.empty}</p>
        ) : (
          <>
            <p className="ed-muted md-count" aria-live="polite">
              {visible.length === 1 ? '1 file' : `${visible.length} files`}
            </p>
            <ul className="md-grid" aria-busy={list.status === 'loading' || undefined} aria-label="Media files">
              {visible.map((item) => (
                <MediaCard
                  key={item.path}
                  item={item}
                  usage={usage?.get(item.path)}
                  copied={copiedPath === item.path}
                  checking={checkingPath === item.path}
                  onCopy={() => void onCopy(item)}
                  onRename={() => setRenaming(item)}
                  onDelete={() => void onDelete(item)}
                />
              ))}
            </ul>
          </>
        )
      ) : null}

      <RenameDialog
        item={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(text) => {
          setRenaming(null);
          setNotice({ tone: 'success', text });
          refresh();
        }}
      />

      <ModalDialog
        open={inUse !== null}
        title={MEDIA_TEXTS.inUseTitle}
        onClose={() => setInUse(null)}
        size="small"
        footer={
          <button type="button" className="ed-button ed-button--primary" onClick={() => setInUse(null)}>
            OK
          </button>
        }
      >
        {inUse ? (
          <div role="alert">
            <p>{MEDIA_TEXTS.inUseIntro(inUse.item.name)}</p>
            <ul className="md-usage-list">
              {usageLines(inUse.usage).map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </ModalDialog>

      <ModalDialog
        open={kept !== null}
        title={MEDIA_TEXTS.keptTitle}
        onClose={() => setKept(null)}
        size="small"
        footer={
          <>
            <button type="button" className="ed-button" onClick={() => setKept(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="ed-button ed-button--danger"
              onClick={() => {
                const item = kept?.item ?? null;
                setKept(null);
                setConfirming(item);
              }}
            >
              Delete anyway
            </button>
          </>
        }
      >
        {kept ? (
          <div role="alert">
            <p>{MEDIA_TEXTS.keptIntro(kept.item.name)}</p>
            <ul className="md-usage-list">
              {kept.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>{MEDIA_TEXTS.keptOutro}</p>
          </div>
        ) : null}
      </ModalDialog>

      <ConfirmDialog
        open={confirming !== null}
        title="Delete file"
        message={confirming ? MEDIA_TEXTS.confirmDelete(confirming.name) : ''}
        confirmLabel={deleting ? 'Deleting…' : 'Delete'}
        tone="danger"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

interface MediaCardProps {
  item: MediaItem;
  usage: MediaUsage[] | undefined;
  copied: boolean;
  checking: boolean;
  onCopy: () => void;
  onRename: () => void;
  onDelete: () => void;
}

function MediaCard({ item, usage, copied, checking, onCopy, onRename, onDelete }: MediaCardProps) {
  const nameId = useId();
  const summary = usageSummary(usage);
  return (
    <li className="md-card" aria-labelledby={nameId}>
      <a className="md-card__preview" href={item.url} target="_blank" rel="noopener noreferrer" tabIndex={-1} aria-hidden="true">
        <MediaThumb item={item} />
      </a>
      <div className="md-card__body">
        <p className="md-card__name" id={nameId} title={item.name}>
          {item.name}
        </p>
        <p className="md-card__meta">
          <span title={formatBytes(item.size)}>{formatKilobytes(item.size)}</span>
          {item.width && item.height ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                {item.width} × {item.height}
                <span className="visually-hidden"> pixels</span>
              </span>
            </>
          ) : null}
          <span aria-hidden="true"> · </span>
          <time dateTime={item.updated_at}>{displayDate(item.updated_at)}</time>
        </p>
        {item.processing_error ? <p className="md-card__problem">Not processed: {item.processing_error}</p> : null}
        {summary && usage ? (
          // 'Used in 2 places' opens the list of places, in the screens' words (issue 12 point 5).
          <details className="md-card__usage">
            <summary>
              {summary}
              <span className="visually-hidden"> ({item.name})</span>
            </summary>
            <ul>
              {usageLines(usage).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      <div className="md-card__actions">
        <button type="button" className="ed-button ed-button--small" onClick={onCopy}>
          <span aria-live="polite">{copied ? MEDIA_TEXTS.copied : 'Copy URL'}</span>
          <span className="visually-hidden"> of {item.name}</span>
        </button>
        <button type="button" className="ed-button ed-button--small" onClick={onRename}>
          Rename<span className="visually-hidden"> {item.name}</span>
        </button>
        <button type="button" className="ed-button ed-button--small ed-button--danger-ghost" onClick={onDelete} disabled={checking}>
          {checking ? 'Checking…' : 'Delete'}
          <span className="visually-hidden"> {item.name}</span>
        </button>
      </div>
    </li>
  );
}

function RenameDialog({ item, onClose, onRenamed }: { item: MediaItem | null; onClose: () => void; onRenamed: (text: string) => void }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (item) {
      setName(item.name);
      setError(null);
      setBusy(false);
    }
  }, [item]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || busy) return;
    // SPEC §5: a blank or unchanged name is ignored.
    const target = renamedMediaFileName(item.name, name);
    if (target === null || target === item.name) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await renameMedia(item.path, name);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    const { totalUpdated, replacements } = result.value;
    const newName = result.value.path.slice(result.value.path.lastIndexOf('/') + 1);
    const links = totalUpdated === 0 ? 'No links needed updating.' : `Updated ${totalUpdated === 1 ? '1 link' : `${totalUpdated} links`} (draft ${replacements.draft}, live ${replacements.live}).`;
    onRenamed(`Renamed to “${newName}”. ${links}`);
  };

  const extension = item && item.name.includes('.') ? item.name.slice(item.name.lastIndexOf('.')) : '';
  const formId = useId();
  return (
    <ModalDialog
      open={item !== null}
      title="Rename file"
      onClose={onClose}
      size="small"
      initialFocusRef={inputRef}
      dismissible={!busy}
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="ed-button ed-button--primary" disabled={busy}>
            {busy ? 'Renaming…' : 'Rename'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={inputId} className="ed-field__label">
          New name
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="ed-input"
          value={name}
          maxLength={200}
          autoComplete="off"
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <p id={hintId} className="ed-field__hint">
          {extension ? `The file keeps its ${extension} extension. ` : ''}Links to it in the draft and live settings are updated.
        </p>
        {error ? (
          <p className="ed-message ed-message--error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}

export default MediaManagerPage;
