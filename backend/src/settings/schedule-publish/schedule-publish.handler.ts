import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type SiteCommand, scheduleView, scheduledSnapshotLabel } from '@punchline/domain';
import { IdSource } from '../../platform/event-sourcing/clock';
import { ScheduledPublisher } from '../run-scheduled-publishes/scheduled-publisher.reactor';
import { SiteStream } from '../site-stream';
import { SchedulePublishCommand, type SchedulePublishResult } from './schedule-publish.command';

@CommandHandler(SchedulePublishCommand)
export class SchedulePublishHandler implements ICommandHandler<SchedulePublishCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly ids: IdSource,
    private readonly publisher: ScheduledPublisher,
  ) {}

  /** Without a snapshot, the current draft is snapshotted in the same decision, so both or neither are recorded. */
  async execute({ context, at, snapshotId }: SchedulePublishCommand): Promise<SchedulePublishResult> {
    const scheduleId = this.ids.next();
    const outcome = await this.site.execute(context, (now): SiteCommand[] => {
      const metadata = { actorEmail: context.actorEmail, now };
      if (snapshotId !== null) return [{ type: 'SchedulePublish', data: { at, snapshotId }, metadata: { ...metadata, scheduleId } }];
      const draftSnapshotId = this.ids.next();
      const label = Number.isFinite(Date.parse(at)) ? scheduledSnapshotLabel(new Date(at).toISOString()) : null;
      return [
        { type: 'SaveSnapshot', data: { label }, metadata: { ...metadata, snapshotId: draftSnapshotId } },
        { type: 'SchedulePublish', data: { at, snapshotId: draftSnapshotId }, metadata: { ...metadata, scheduleId } },
      ];
    });
    const schedule = outcome.state.schedules.find((s) => s.id === scheduleId);
    if (!schedule) throw new Error(`Schedule ${scheduleId} was recorded but is not in the aggregate`);
    this.publisher.wake();
    return { schedule: scheduleView(schedule) };
  }
}
