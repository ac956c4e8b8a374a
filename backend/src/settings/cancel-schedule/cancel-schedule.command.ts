import { Command } from '@nestjs/cqrs';
import type { ScheduleView } from '@punchline/domain';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface CancelScheduleResult {
  schedule: ScheduleView;
}

/** DELETE /api/settings/schedules/{id}: the publish will not happen; the cancellation is audited. */
export class CancelScheduleCommand extends Command<CancelScheduleResult> {
  constructor(
    readonly context: AdminIssuer,
    readonly scheduleId: string,
  ) {
    super();
  }
}
