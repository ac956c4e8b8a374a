import { Command } from '@nestjs/cqrs';
import type { ScheduleView } from '@punchline/domain';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface SchedulePublishResult {
  schedule: ScheduleView;
}

/** POST /api/settings/schedule: publish a snapshot (or the current draft, snapshotted now) at `at`. */
export class SchedulePublishCommand extends Command<SchedulePublishResult> {
  constructor(
    readonly context: AdminIssuer,
    readonly at: string,
    readonly snapshotId: string | null,
  ) {
    super();
  }
}
