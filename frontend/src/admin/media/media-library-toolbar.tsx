import { useId } from 'react';
import { SORT_OPTIONS, USAGE_FILTERS } from './media-library';
import type { LibraryFilters } from './use-library-filters';
import { SelectControl } from '../ui/form-controls';

const SORT_SELECT = SORT_OPTIONS.map((option) => ({ value: option.id, label: option.label }));
const USAGE_SELECT = USAGE_FILTERS.map((option) => ({ value: option.id, label: option.label }));

/** Search, Sort and Usage above the Media Manager's grid (SPEC §9). */
export function MediaLibraryToolbar({ filters }: { filters: LibraryFilters }) {
  const searchId = useId();
  return (
    <div className="md-toolbar" role="search">
      <div className="md-toolbar__search">
        <label htmlFor={searchId} className="kit-field__label">
          Search
        </label>
        <input id={searchId} className="kit-input" type="search" value={filters.search} placeholder="Search by file name" autoComplete="off" onChange={(e) => filters.setSearch(e.target.value)} />
      </div>
      <SelectControl label="Sort" value={filters.sortKey} options={SORT_SELECT} onChange={filters.setSortKey} />
      <SelectControl label="Usage" value={filters.usage} options={USAGE_SELECT} onChange={filters.setUsage} />
    </div>
  );
}
