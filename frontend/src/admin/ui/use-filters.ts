import { useCallback, useState } from 'react';

/** A list screen's filter values and one setter for any of them (Audit Log, Contact Responses). */
export function useFilters<F extends object>(initial: F | (() => F)) {
  const [filters, setFilters] = useState<F>(initial);
  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => setFilters((current) => ({ ...current, [key]: value })), []);
  return [filters, set] as const;
}
