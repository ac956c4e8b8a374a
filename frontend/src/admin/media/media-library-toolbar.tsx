import { useId } from 'react';
import { SORT_OPTIONS, USAGE_FILTERS } from './media-library';
import type { LibraryFilters } from './use-library-filters';

/** Search, Sort and Usage above the Media Manager's grid (SPEC §9). */
export function MediaLibraryToolbar({ filters }: { filters: LibraryFilters }) {
  const searchId = useId();
  return (
    <div className="md-toolbar" role="search">
      <div className="md-toolbar__search">
        <label htmlFor={searchId} className="ed-field__label">
          Search
        </label>
        <input id={searchId} className="ed-input" type="search" value={filters.search} placeholder="Search by file name" autoComplete="off" onChange={(e) => filters.setSearch(e.target.value)} />
      </div>
      <FilterSelect label="Sort" value={filters.sortKey} options={SORT_OPTIONS} onChange={filters.setSortKey} />
      <FilterSelect label="Usage" value={filters.usage} options={USAGE_FILTERS} onChange={filters.setUsage} />
    </div>
  );
}

function FilterSelect<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { id: T; label: string }[]; onChange: (value: T) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="ed-field__label">
        {label}
      </label>
      <select id={id} className="ed-input ed-select" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
