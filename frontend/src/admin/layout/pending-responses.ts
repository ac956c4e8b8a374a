import { useEffect, useState } from 'react';
import { apiRequest } from '../../shared/api';

/** SPEC §7/§9: unanswered contact messages for the sidebar badge, polled every 60 s. */
export const PENDING_RESPONSES_PATH = '/api/admin/contact-responses?responded=false&limit=1';
export const PENDING_POLL_MS = 60_000;

/** Dispatch on window after changing a response's state, so the badge updates without waiting. */
export const PENDING_RESPONSES_CHANGED_EVENT = 'punchline:pending-responses-changed';

/** 'N' up to 99, then '99+'; nothing at 0. */
export function pendingBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export function pendingTotalFrom(body: unknown): number {
  const total = (body as { total?: unknown } | null)?.total;
  return typeof total === 'number' && Number.isFinite(total) && total > 0 ? total : 0;
}

export function usePendingResponses(pollMs = PENDING_POLL_MS): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const result = await apiRequest('GET', PENDING_RESPONSES_PATH);
      if (cancelled) return;
      if (!result.ok) {
        // SPEC §8: logged, and the badge shows nothing.
        console.error(`Failed to load pending responses (${result.status})`);
        setCount(0);
        return;
      }
      setCount(pendingTotalFrom(result.body));
    };
    void load();
    const timer = window.setInterval(() => void load(), pollMs);
    const onChanged = () => void load();
    window.addEventListener(PENDING_RESPONSES_CHANGED_EVENT, onChanged);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener(PENDING_RESPONSES_CHANGED_EVENT, onChanged);
    };
  }, [pollMs]);
  return count;
}
