import { Command } from '@nestjs/cqrs';
import type { ContactResponseItem } from '../contact-responses.read';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface UpdateContactResponseResult {
  item: ContactResponseItem;
}

/**
 * PATCH /api/admin/contact-responses/:id: mark it responded or awaiting reply (SPEC §4), edit its
 * notes, or both at once (decided in that order and recorded together).
 */
export class UpdateContactResponseCommand extends Command<UpdateContactResponseResult> {
  constructor(
    readonly context: AdminIssuer,
    readonly messageId: string,
    readonly changes: { responded?: boolean; notes?: string },
  ) {
    super();
  }
}
