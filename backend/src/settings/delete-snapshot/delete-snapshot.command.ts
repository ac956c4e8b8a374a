import { Command } from '@nestjs/cqrs';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface DeleteSnapshotResult {
  deleted: string;
  error: null;
}

/** DELETE /api/settings/versions/:id: permanent (SPEC §4); the event keeps its label for the audit trail. */
export class DeleteSnapshotCommand extends Command<DeleteSnapshotResult> {
  constructor(
    readonly context: AdminIssuer,
    readonly snapshotId: string,
  ) {
    super();
  }
}
