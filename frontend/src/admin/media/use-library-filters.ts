import { useState } from 'react';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { MEDIA_SEARCH_DEBOUNCE_MS, sortOption, type SortOption, type UsageFilter } from './media-library';

/** The Media Manager's search (debounced, SPEC §9), sort and usage filter. */
export function useLibraryFilters() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, MEDIA_SEARCH_DEBOUNCE_MS);
  const [sortKey, setSortKey] = useState<SortOption['id']>('newest');
  const [usage, setUsage] = useState<UsageFilter>('all');
  return { search, setSearch, q, sortKey, setSortKey, sort: sortOption(sortKey), usage, setUsage };
}

export type LibraryFilters = ReturnType<typeof useLibraryFilters>;
