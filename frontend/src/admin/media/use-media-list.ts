import { useCallback, useEffect, useState } from 'react';
import { listMedia, type MediaItem, type MediaSortKey, type SortDirection } from './media-api';

export interface MediaListState {
  /** 'loading' also while a reload runs with the previous items still shown. */
  status: 'loading' | 'ready' | 'error';
  items: MediaItem[];
  error: string | null;
  reload: () => void;
}

/** GET /api/storage/list for the given sort and search; a newer request cancels an older one. SPEC §8: an error empties the list. */
export function useMediaList(params: { sort: MediaSortKey; direction: SortDirection; q: string }): MediaListState {
  const [state, setState] = useState<Omit<MediaListState, 'reload'>>({ status: 'loading', items: [], error: null });
  const [nonce, setNonce] = useState(0);
  const { sort, direction, q } = params;

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, status: 'loading' }));
    listMedia({ sort, direction, q }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(result.ok ? { status: 'ready', items: result.value, error: null } : { status: 'error', items: [], error: result.error });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [sort, direction, q, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
