import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../data/api-query';
import { fetchUsage } from './media-api';
import { orThrow } from './use-media-list';

/**
 * Where each file of the library is used, for the cards' 'Used in N places' and the Used/Unused
 * filter: null while not loaded or after a failure (then `error` says why and every file shows).
 * Uploads, renames and deletes invalidate it with the lists (`queryKeys.media`).
 */
export function useMediaUsage() {
  const query = useQuery({ queryKey: queryKeys.mediaUsage, queryFn: ({ signal }) => orThrow(fetchUsage(undefined, signal)) });
  return { usage: query.data ?? null, error: query.error?.message ?? null };
}
