import { CONTACT_LIST_DEFAULT_LIMIT, type ContactResponseItem, type ContactResponsesAnswer, type ContactSort, type DeliveryStatus } from '@punchline/domain';

export type ContactResponse = ContactResponseItem;

export type RespondedFilter = 'all' | 'awaiting' | 'responded';

export interface InboxFilters {
  /** As typed; sent trimmed after the 250 ms debounce. */
  q: string;
  sort: ContactSort;
  responded: RespondedFilter;
  limit: number;
}

export const initialInboxFilters: InboxFilters = { q: '', sort: 'newest', responded: 'all', limit: CONTACT_LIST_DEFAULT_LIMIT };

export const RESPONDED_FILTER_LABELS: Record<RespondedFilter, string> = { all: 'All messages', awaiting: 'Awaiting reply', responded: 'Responded' };

/**
 * The list call (SPEC §7). The CSV export leaves the limit out: it downloads every message the
 * filters match, not the page on screen.
 */
export function contactResponsesPath(filters: InboxFilters, format: 'json' | 'csv' = 'json'): string {
  const params = new URLSearchParams();
  if (format === 'json') params.set('limit', String(filters.limit));
  params.set('sort', filters.sort);
  const q = filters.q.trim();
  if (q !== '') params.set('q', q);
  if (filters.responded !== 'all') params.set('responded', filters.responded === 'responded' ? 'true' : 'false');
  if (format === 'csv') params.set('format', 'csv');
  return `/api/admin/contact-responses?${params.toString()}`;
}

/** One page of the inbox as the screen uses it. */
export interface Inbox {
  items: ContactResponse[];
  total: number;
  /** Set when the search could not use the index and looked through only this many newest messages. */
  searchedNewest: number | null;
}

/** A list answer, or null when it is not one (treated as a failed load). */
export function inboxFrom(body: unknown): Inbox | null {
  if (typeof body !== 'object' || body === null) return null;
  // Checked, not trusted: an old or failing server may answer something else.
  const { items, total, searched_newest: searchedNewest } = body as Partial<Record<keyof ContactResponsesAnswer, unknown>>;
  if (!Array.isArray(items) || typeof total !== 'number') return null;
  return { items: items as ContactResponse[], total, searchedNewest: typeof searchedNewest === 'number' ? searchedNewest : null };
}

export function itemFrom(body: unknown): ContactResponse | null {
  const item = (body as { item?: unknown } | null)?.item;
  return typeof item === 'object' && item !== null && typeof (item as ContactResponse).id === 'string' ? (item as ContactResponse) : null;
}

/** The page with a saved message replaced in place (kept even if it no longer matches the filter: rows do not vanish under the pointer). */
export function withSavedItem(inbox: Inbox, saved: ContactResponse): Inbox {
  return { ...inbox, items: inbox.items.map((item) => (item.id === saved.id ? saved : item)) };
}

/** The file name from Content-Disposition, else contact-responses-<local date>.csv. */
export function exportFileName(disposition: string | null, now: Date): string {
  const match = /filename="([^"\\/]+)"/.exec(disposition ?? '');
  if (match) return match[1]!;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `contact-responses-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Email pending',
  sent: 'Email sent',
  failed: 'Email failed',
  skipped: 'Not emailed',
};

