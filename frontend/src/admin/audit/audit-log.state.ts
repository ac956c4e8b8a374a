/** The Audit Log screen's data (SPEC §2, §3 "Audit entry", §7, §8, §9), kept pure for tests. */
import { AUDIT_DEFAULT_LIMIT, lockHoldingSummary, summarizeEvent, type AuditItem } from '@punchline/domain';
import { formatWhen } from '../../shared/format-when';

export const AUDIT_TEXTS = {
  loadFailed: 'Failed to load audit log',
  noActor: 'Visitor or system',
} as const;

/** One entry as GET /api/admin/audit answers it (the contract in domain/src/audit). */
export type AuditEntry = AuditItem;

export interface AuditFilters {
  actor: string;
  action: string;
  q: string;
  limit: number;
  direction: 'desc' | 'asc';
  /** 'Content changes only': hide lock, sign-in and delivery traffic. */
  contentOnly: boolean;
  /** 'Every lock renewal': list each lock event instead of one entry per holding (issue 25). */
  eachLockEvent: boolean;
}

export const initialAuditFilters: AuditFilters = { actor: '', action: '', q: '', limit: AUDIT_DEFAULT_LIMIT, direction: 'desc', contentOnly: false, eachLockEvent: false };

/** GET /api/admin/audit?limit&actor&action&q&direction=asc (SPEC §7); newest first is the default and is not sent. */
export function auditPath(filters: AuditFilters): string {
  const params = new URLSearchParams({ limit: String(filters.limit) });
  if (filters.actor !== '') params.set('actor', filters.actor);
  if (filters.action !== '') params.set('action', filters.action);
  const q = filters.q.trim();
  if (q !== '') params.set('q', q);
  if (filters.direction === 'asc') params.set('direction', 'asc');
  if (filters.contentOnly) params.set('content', '1');
  if (filters.eachLockEvent) params.set('locks', 'each');
  return `/api/admin/audit?${params.toString()}`;
}

export interface AuditLog {
  items: AuditEntry[];
  actors: string[];
  actions: string[];
  /** Set when the search could not use the index and looked through only this many newest entries. */
  searchedNewest: number | null;
}

const strings = (value: unknown): string[] | null => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null);

/** An audit answer, or null when it is not one (treated as a failed load). */
export function auditFrom(body: unknown): AuditLog | null {
  if (typeof body !== 'object' || body === null) return null;
  const { items, actors, actions, searched_newest: searchedNewest } = body as Record<string, unknown>;
  const actorList = strings(actors);
  const actionList = strings(actions);
  if (!Array.isArray(items) || !actorList || !actionList) return null;
  return { items: items as AuditEntry[], actors: actorList, actions: actionList, searchedNewest: typeof searchedNewest === 'number' ? searchedNewest : null };
}

/**
 * Options for a filter select: the server's list, plus the current choice if the list no longer
 * has it (so the select never silently shows a different value than the one applied).
 */
export function optionsWith(list: readonly string[], current: string): string[] {
  return current === '' || list.includes(current) ? [...list] : [current, ...list];
}

/** The whole meta, indented, for the expanded view. */
export function metaDetail(meta: unknown): string {
  return typeof meta === 'string' ? meta : JSON.stringify(meta, null, 2);
}

/** Site events whose before → after can be read from history (DESIGN §13 diff), and the stage they changed. */
export function historyStageOf(entry: Pick<AuditEntry, 'action' | 'meta'>): 'live' | 'draft' | null {
  switch (entry.action) {
    case 'Published':
    case 'LiveRolledBack':
      return 'live';
    case 'DraftSaved':
    case 'DraftPulledFromLive':
    case 'SnapshotRestored':
    case 'DraftRestoredFromHistory':
      return 'draft';
    case 'MediaReferencesRewritten':
      return (entry.meta as { stage?: unknown } | null)?.stage === 'live' ? 'live' : 'draft';
    default:
      return null;
  }
}

/** '23:19' in the admin's own zone: a holding's start and end, read beside the row's date. */
function clockTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/**
 * The entry's sentence with its times in the admin's zone (issue 25): the server's summary names
 * instants in UTC so it reads the same everywhere; the screen writes them as local times.
 */
export function localSummary(entry: Pick<AuditEntry, 'action' | 'meta' | 'summary' | 'lock_holding'>, locale?: string): string {
  if (entry.lock_holding) return lockHoldingSummary(entry.lock_holding, (iso) => clockTime(iso, locale));
  return summarizeEvent(entry.action, entry.meta, { time: (iso) => (typeof iso === 'string' ? formatWhen(iso, { locale }) : 'an unknown time') });
}

/** The Audit Log's link to Site history, naming what it offers this reader: auditors read only (DESIGN §15), so no rollback is promised them. */
export function historyLinkText(isAuditor: boolean): string {
  return isAuditor ? 'Site history: compare and view the site as it was' : 'Site history: compare, view the site as it was, roll back';
}
