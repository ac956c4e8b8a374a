import { Controller, Delete, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type PendingSchedule, type ScheduleView, scheduleView } from '@punchline/domain';
import { SiteStream } from '../site-stream';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/schedules')
export class CancelScheduleHttpController {
  constructor(private readonly site: SiteStream) {}

  /** Issue 14: the publish will not happen; the cancellation is audited. */
  @Delete(':id')
  @ApiOkResponse({ description: '{schedule}: the cancelled schedule; 404 when it already ran or was cancelled' })
  async cancel(@Actor() actor: AdminIssuer, @Param('id') id: string): Promise<{ schedule: ScheduleView }> {
    let cancelled: PendingSchedule | undefined;
    await this.site.execute(actor, (state) => {
      cancelled = state.schedules.find((s) => s.id === id);
      return { type: 'CancelScheduledPublish', data: { scheduleId: id } };
    });
    // The decider refuses an unknown id (404), so here the schedule existed in the state decided on.
    if (!cancelled) throw new Error(`Schedule ${id} was cancelled but not found in the state decided on`);
    return { schedule: scheduleView(cancelled) };
  }
}
