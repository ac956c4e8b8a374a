import { Command } from '@nestjs/cqrs';
import type { SiteCommandContext } from '../settings-request';

export interface DeleteSnapshotResult {
  deleted: string;
  error: null;
}

/** DELETE /api/settings/versions/:id: permanent (SPEC §4); the event keeps its label for the audit trail. */
export class DeleteSnapshotCommand extends Command<DeleteSnapshotResult> {
  constructor(
    readonly context: SiteCommandContext,
    readonly snapshotId: string,
  ) {
    super();
  }
}
