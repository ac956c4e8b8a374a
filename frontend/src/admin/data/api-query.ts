/**
 * The admin's data layer (issue 9): screens read through TanStack Query (`useQuery` with a key from
 * `queryKeys`) and change through `useMutation`, then invalidate the keys their change affects, so
 * one screen refreshes another (the sidebar badge after a reply) without window events.
 */
import { api, errorText, type ApiResult } from '../../shared/api';
import type { ContactSort } from '@punchline/domain';

/** A failed call as the query layer carries it: the status and the server's text stay with it. */
export class ApiError extends Error {
  readonly status: number;

  constructor(result: ApiResult, fallback: string) {
    super(errorText(result, fallback));
    this.name = 'ApiError';
    this.status = result.status;
  }
}

/**
 * A query function: GET `path`, parsed by `parse`. A failed call, or an answer `parse` refuses (null),
 * throws an ApiError whose message is the server's error, else `fallback` (SPEC §8 texts).
 */
export function getJson<T>(path: string, parse: (body: unknown) => T | null, fallback: string) {
  return async ({ signal }: { signal: AbortSignal }): Promise<T> => {
    const result = await api.get(path, { signal });
    const parsed = result.ok ? parse(result.body) : null;
    if (parsed === null) throw new ApiError(result, fallback);
    return parsed;
  };
}

/**
 * Every query key in one place: invalidating a prefix refreshes all below it
 * (`contactResponses` covers the inbox pages and the sidebar's pending count).
 */
export const queryKeys = {
  contactResponses: ['contact-responses'] as const,
  pendingResponses: ['contact-responses', 'pending'] as const,
  inbox: (filters: { q: string; sort: ContactSort; responded: string; limit: number }) => ['contact-responses', 'list', filters] as const,
  media: ['media'] as const,
  mediaList: (params: { sort: string; direction: string; q: string }) => ['media', 'list', params] as const,
  mediaUsage: ['media', 'usage'] as const,
  /** The settings editor (issue 26): everything under `editor` belongs to one editing screen. */
  editor: ['editor'] as const,
  snapshots: ['editor', 'snapshots'] as const,
  snapshotList: (draftOnly: boolean) => ['editor', 'snapshots', { draftOnly }] as const,
  schedules: ['editor', 'schedules'] as const,
  provenance: (version: string | null) => ['editor', 'provenance', version] as const,
  /** The records the publish dialog compares (live, the draft as the site reads it, one snapshot). */
  publishPreview: ['editor', 'publish-preview'] as const,
  publishRecord: (source: string) => ['editor', 'publish-preview', source] as const,
  /** The live settings the shell reads its quick links from; a publish or rollback, here or elsewhere, refreshes them. */
  liveSettings: ['live-settings'] as const,
  /** DESIGN §15: the signed checkpoint of the log; every action that appends events makes it stale. */
  logCheckpoint: ['log', 'checkpoint'] as const,
  logPublicKey: ['log', 'public-key'] as const,
  audit: (filters: { actor: string; action: string; q: string; limit: number; direction: string; contentOnly: boolean }) => ['audit', filters] as const,
};

export type ListPhase = 'loading' | 'ready' | 'error' | 'forbidden';

export interface ListView<T> {
  phase: ListPhase;
  /** The answer shown: kept while the next filter loads (no jump); null after a failed load (SPEC §8 empties lists). */
  data: T | null;
  error: string | null;
}

/** What a list screen shows for its query's state (pure, for tests). */
export function listView<T>(query: { data: T | undefined; error: Error | null; isFetching: boolean }): ListView<T> {
  if (query.isFetching) return { phase: 'loading', data: query.error ? null : (query.data ?? null), error: null };
  if (query.error) return { phase: query.error instanceof ApiError && query.error.status === 403 ? 'forbidden' : 'error', data: null, error: query.error.message };
  return query.data === undefined ? { phase: 'loading', data: null, error: null } : { phase: 'ready', data: query.data, error: null };
}
