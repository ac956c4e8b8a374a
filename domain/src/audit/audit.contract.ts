import type { LockHoldingView } from '../history/event-summary';

/**
 * GET /api/admin/audit (SPEC §3 "Audit entry", §7, §9), the HTTP shape shared by the server and
 * the Audit Log screen: one declaration, so the limits and fields cannot drift apart (issue 9).
 */

/** SPEC §9: the row limits the screen offers; the server takes any whole number up to the last. */
export const AUDIT_LIMIT_OPTIONS = [25, 50, 100, 200, 500] as const;
export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;
/** Longest filter values the server accepts (an email address is at most 320 characters). */
export const AUDIT_SEARCH_MAX_LENGTH = 200;
export const AUDIT_ACTOR_MAX_LENGTH = 320;
export const AUDIT_ACTION_MAX_LENGTH = 100;
/**
 * `locks`: 'folded' (the default) shows each holding of the draft lock as one entry, its
 * LockAcquired with `lock_holding`; 'each' lists every LockRefreshed and LockReleased too (issue 25).
 */
export const AUDIT_LOCK_VIEWS = ['folded', 'each'] as const;
export type AuditLockView = (typeof AUDIT_LOCK_VIEWS)[number];
/** The events a folded view leaves out: they are inside the holding their LockAcquired stands for. */
export const FOLDED_LOCK_EVENTS: readonly string[] = ['LockRefreshed', 'LockReleased'];

/** SPEC §3 "Audit entry": meta is the event's data (an object, or a string for events that carry one). */
export interface AuditItem {
  id: string;
  /** Global position in the event log: a point of history (DESIGN §13). */
  position: number;
  occurred_at: string;
  actor_email: string | null;
  action: string;
  meta: unknown;
  /** One sentence a person reads (issue 10), e.g. "Saved the draft: Hero title". */
  summary: string;
  /** On a LockAcquired in the folded view: the whole holding it began (issue 25). */
  lock_holding?: LockHoldingView;
}

export interface AuditAnswer {
  items: AuditItem[];
  /** Every actor and every action in the whole log, for the filter selects (not narrowed by the filters). */
  actors: string[];
  actions: string[];
  /**
   * Present when `q` has no three letters or digits in a row: such a search cannot use the index, so
   * it looked through only this many of the newest entries (issue 15), and the screen says so.
   */
  searched_newest?: number;
}
