import type { MediaUsage } from '@punchline/domain';
import type { MediaItem } from './media-api';
import { filterByUsage } from './media-library';
import { MEDIA_TEXTS } from './media-texts';
import { MediaCard } from './media-card';
import type { LibraryFilters } from './use-library-filters';
import type { MediaListState } from './use-media-list';
import { LoadError } from '../ui/list-status';

interface MediaLibraryGridProps {
  list: MediaListState;
  usage: ReadonlyMap<string, MediaUsage[]> | null;
  filters: Pick<LibraryFilters, 'q' | 'usage'>;
  copiedPath: string | null;
  checkingPath: string | null;
  onRetry: () => void;
  onCopy: (item: MediaItem) => void;
  onRename: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
}

/** The library as the filters show it: loading, the error with Retry, the empty text naming the filter, or the count and the grid. */
export function MediaLibraryGrid({ list, usage, filters, copiedPath, checkingPath, onRetry, onCopy, onRename, onDelete }: MediaLibraryGridProps) {
  const firstLoad = list.status === 'loading' && list.items.length === 0;
  const visible = filterByUsage(list.items, usage, filters.usage);
  const searching = filters.q.trim() !== '' || filters.usage !== 'all';
  return (
    <>
      {list.status === 'error' ? (
        <LoadError message={list.error ?? MEDIA_TEXTS.loadFailed} onRetry={onRetry} />
      ) : null}

      {firstLoad ? (
        <p className="kit-muted" role="status">
          Loading media…
        </p>
      ) : null}

      {list.status !== 'error' && !firstLoad ? (
        visible.length === 0 ? (
          <p className="md-empty">{searching ? MEDIA_TEXTS.noMatchesFor(filters.q, filters.usage) : MEDIA_TEXTS.empty}</p>
        ) : (
          <>
            <p className="kit-muted md-count" aria-live="polite">
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
                  onCopy={() => onCopy(item)}
                  onRename={() => onRename(item)}
                  onDelete={() => onDelete(item)}
                />
              ))}
            </ul>
          </>
        )
      ) : null}
    </>
  );
}
