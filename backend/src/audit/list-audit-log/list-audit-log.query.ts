import { Query } from '@nestjs/cqrs';
import type { AuditAnswer, AuditLockView } from '@punchline/domain';

export type { AuditAnswer, AuditItem } from '@punchline/domain';

export interface AuditFilter {
  limit: number;
  actor: string | null;
  action: string | null;
  q: string;
  direction: 'asc' | 'desc';
  /** 'Content changes only': leave out lock, sign-in and delivery traffic. */
  contentOnly: boolean;
  /** Issue 25: a holding of the draft lock as one entry ('folded') or every lock event ('each'). */
  locks: AuditLockView;
}

/** GET /api/admin/audit: the audit log, newest first unless direction=asc. */
export class ListAuditLogQuery extends Query<AuditAnswer> {
  constructor(readonly filter: AuditFilter) {
    super();
  }
}
