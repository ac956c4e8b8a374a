import { useCallback, useEffect, useRef, useState } from 'react';
import { isRasterImage } from '@punchline/domain';
import { listMedia, type MediaItem, type MediaSortKey, type SortDirection } from './media-api';

export interface MediaListState {
  /** 'loading' also while a reload runs with the previous items still shown. */
  status: 'loading' | 'ready' | 'error';
  items: MediaItem[];
  error: string | null;
  reload: () => void;
}

/** How often the list is read again while a photo's preview is being made (a few seconds after upload). */
export const PREVIEW_POLL_MS = 2_000;

/** A photo the image pipeline has not finished yet: no thumbnail and no recorded failure. */
export function awaitsPreview(item: MediaItem): boolean {
  return isRasterImage(item.mime_type) && item.thumbnail_url === null && item.processing_error === null;
}

/**
 * GET /api/storage/list for the given sort and search; a newer request cancels an older one. SPEC §8:
 * an error empties the list. While a photo awaits its preview the list is read again quietly (no
 * loading state), so the tile turns into the thumbnail, or into the reason it could not be made.
 */
export function useMediaList(params: { sort: MediaSortKey; direction: SortDirection; q: string }): MediaListState {
  const [state, setState] = useState<Omit<MediaListState, 'reload'>>({ status: 'loading', items: [], error: null });
  const [nonce, setNonce] = useState(0);
  const quiet = useRef(false);
  const { sort, direction, q } = params;

  useEffect(() => {
    const controller = new AbortController();
    if (!quiet.current) setState((s) => ({ ...s, status: 'loading' }));
    quiet.current = false;
    listMedia({ sort, direction, q }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(result.ok ? { status: 'ready', items: result.value, error: null } : { status: 'error', items: [], error: result.error });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [sort, direction, q, nonce]);

  const waiting = state.status === 'ready' && state.items.some(awaitsPreview);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      quiet.current = true;
      setNonce((n) => n + 1);
    }, PREVIEW_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, state.items]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
