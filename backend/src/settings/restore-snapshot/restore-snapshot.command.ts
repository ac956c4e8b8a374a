import { Command } from '@nestjs/cqrs';
import type { DraftAnswer } from '../pull-live/pull-live.command';
import type { AdminIssuer } from '../../platform/http/request-context';

/** POST /api/settings/versions/:id/restore: the draft becomes the snapshot (over live). */
export class RestoreSnapshotCommand extends Command<DraftAnswer> {
  constructor(
    readonly context: AdminIssuer,
    readonly snapshotId: string,
  ) {
    super();
  }
}
