import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isRasterImage } from '@punchline/domain';
import { queryKeys } from '../data/api-query';
import { listMedia, type MediaItem, type MediaSortKey, type Outcome, type SortDirection } from './media-api';

export interface MediaListState {
  /** 'loading' while a new sort or search loads, the previous items still shown; a reload or a preview poll is quiet. */
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

/** An outcome of media-api as a query result: the value, or a thrown error carrying its text. */
export async function orThrow<T>(outcome: Promise<Outcome<T>>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/**
 * GET /api/storage/list for the given sort and search; a newer request cancels an older one. SPEC §8:
 * an error empties the list. While a photo awaits its preview the list is read again quietly (no
 * loading state), so the tile turns into the thumbnail, or into the reason it could not be made.
 * Uploads, renames and deletes invalidate `queryKeys.media`, which reloads this list wherever it is
 * shown (the Media Manager and the editors' pickers share it).
 */
export function useMediaList(params: { sort: MediaSortKey; direction: SortDirection; q: string }): MediaListState {
  const query = useQuery({
    queryKey: queryKeys.mediaList(params),
    queryFn: ({ signal }) => orThrow(listMedia(params, signal)),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.some(awaitsPreview) ? PREVIEW_POLL_MS : false),
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (query.isPending || query.isPlaceholderData) return { status: 'loading', items: query.data ?? [], error: null, reload };
  if (query.isError) return { status: 'error', items: [], error: query.error.message, reload };
  return { status: 'ready', items: query.data, error: null, reload };
}
