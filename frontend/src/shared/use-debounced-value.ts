import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (SPEC §9: media search waits 200 ms, contact and audit 250 ms). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
