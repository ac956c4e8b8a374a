import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type PendingSchedule, scheduleView } from '@punchline/domain';
import { SiteStream } from '../site-stream';
import { CancelScheduleCommand, type CancelScheduleResult } from './cancel-schedule.command';

@CommandHandler(CancelScheduleCommand)
export class CancelScheduleHandler implements ICommandHandler<CancelScheduleCommand> {
  constructor(private readonly site: SiteStream) {}

  async execute({ context, scheduleId }: CancelScheduleCommand): Promise<CancelScheduleResult> {
    let cancelled: PendingSchedule | undefined;
    await this.site.execute(context, (now, state) => {
      cancelled = state.schedules.find((s) => s.id === scheduleId);
      return { type: 'CancelScheduledPublish', data: { scheduleId }, metadata: { actorEmail: context.actorEmail, now } };
    });
    // The decider refuses an unknown id (404), so here the schedule existed in the state decided on.
    if (!cancelled) throw new Error(`Schedule ${scheduleId} was cancelled but not found in the state decided on`);
    return { schedule: scheduleView(cancelled) };
  }
}
