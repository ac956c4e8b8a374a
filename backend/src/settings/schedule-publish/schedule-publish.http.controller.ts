import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { type ScheduleView, scheduleView, scheduledSnapshotLabel } from '@punchline/domain';
import { ScheduledPublisher } from '../run-scheduled-publishes/scheduled-publisher.reactor';
import { type SiteRequest, SiteStream } from '../site-stream';
import { SchedulePublishRequestDto } from './schedule-publish.request.dto';
import { IdSource } from '../../platform/event-sourcing/clock';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/schedule')
export class SchedulePublishHttpController {
  constructor(
    private readonly site: SiteStream,
    private readonly ids: IdSource,
    private readonly publisher: ScheduledPublisher,
  ) {}

  /**
   * Issue 14: publish a snapshot (or the current draft) at `at`, 201; allowed while another editor
   * holds the lock (it does not edit the draft). Without a snapshot the current draft is snapshotted
   * in the same decision, so both or neither are recorded.
   */
  @Post()
  @HttpCode(201)
  @ApiBody({ schema: { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, snapshotId: { type: 'string', nullable: true } }, required: ['at'] } })
  @ApiCreatedResponse({ description: '{schedule: {id, at, snapshotId, snapshot_label, created_by, created_at}}' })
  async schedule(@Actor() actor: AdminIssuer, @Body() { at, snapshotId }: SchedulePublishRequestDto): Promise<{ schedule: ScheduleView }> {
    const scheduleId = this.ids.next();
    const commands = ((): SiteRequest[] => {
      if (snapshotId !== undefined && snapshotId !== null) return [{ type: 'SchedulePublish', data: { at, snapshotId }, metadata: { scheduleId } }];
      const draftSnapshotId = this.ids.next();
      const label = Number.isFinite(Date.parse(at)) ? scheduledSnapshotLabel(new Date(at).toISOString()) : null;
      return [
        { type: 'SaveSnapshot', data: { label }, metadata: { snapshotId: draftSnapshotId } },
        { type: 'SchedulePublish', data: { at, snapshotId: draftSnapshotId }, metadata: { scheduleId } },
      ];
    })();
    const outcome = await this.site.execute(actor, () => commands);
    const schedule = outcome.state.schedules.find((s) => s.id === scheduleId);
    if (!schedule) throw new Error(`Schedule ${scheduleId} was recorded but is not in the aggregate`);
    this.publisher.wake();
    return { schedule: scheduleView(schedule) };
  }
}
