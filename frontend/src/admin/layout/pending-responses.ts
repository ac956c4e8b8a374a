import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { queryKeys } from '../data/api-query';

/** SPEC §7/§9: unanswered contact messages for the sidebar badge, polled every 60 s. */
export const PENDING_RESPONSES_PATH = '/api/admin/contact-responses?responded=false&limit=1';
export const PENDING_POLL_MS = 60_000;

/** 'N' up to 99, then '99+'; nothing at 0. */
export function pendingBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export function pendingTotalFrom(body: unknown): number {
  const total = (body as { total?: unknown } | null)?.total;
  return typeof total === 'number' && Number.isFinite(total) && total > 0 ? total : 0;
}

/** A failed count is logged and the badge shows nothing (SPEC §8); it never surfaces as an error. */
async function loadPendingCount({ signal }: { signal: AbortSignal }): Promise<number> {
  const result = await api.get(PENDING_RESPONSES_PATH, { signal });
  if (result.ok) return pendingTotalFrom(result.body);
  console.error(`Failed to load pending responses (${result.status})`);
  return 0;
}

/** Polled every `pollMs`; the inbox invalidates it with every list it loads and when a message's state changes, so the two agree. */
export function usePendingResponses(enabled = true, pollMs = PENDING_POLL_MS): number {
  // Auditors (DESIGN §15) may not read the inbox: no count is asked for them.
  const { data } = useQuery({ queryKey: queryKeys.pendingResponses, queryFn: loadPendingCount, refetchInterval: pollMs, enabled });
  return data ?? 0;
}
