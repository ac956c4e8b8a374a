import { Query } from '@nestjs/cqrs';

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

export interface AuditFilter {
  limit: number;
  actor: string | null;
  action: string | null;
  q: string;
  direction: 'asc' | 'desc';
  /** 'Content changes only': leave out lock, sign-in and delivery traffic. */
  contentOnly: boolean;
}

/** GET /api/admin/audit: the audit log, newest first unless direction=asc. */
export class ListAuditLogQuery extends Query<AuditAnswer> {
  constructor(readonly filter: AuditFilter) {
    super();
  }
}
