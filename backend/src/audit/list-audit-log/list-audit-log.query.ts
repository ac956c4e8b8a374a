import { Query } from '@nestjs/cqrs';
import type { AuditAnswer } from '@punchline/domain';

export type { AuditAnswer, AuditItem } from '@punchline/domain';

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
