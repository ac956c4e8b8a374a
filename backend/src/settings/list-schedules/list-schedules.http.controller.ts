import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type ScheduleView, scheduleView } from '@punchline/domain';
import { SiteStream } from '../site-stream';

@ApiTags('settings')
@Controller('api/settings/schedules')
export class ListSchedulesHttpController {
  constructor(private readonly site: SiteStream) {}

  /**
   * Pending scheduled publishes, soonest first. Read from the aggregate, not a read model: there are
   * at most a handful, and the editor header must never show one that has already run.
   */
  @Get()
  @ApiOkResponse({ description: '{schedules: [{id, at, snapshotId, snapshot_label, created_by, created_at}]}' })
  async list(): Promise<{ schedules: ScheduleView[] }> {
    const state = await this.site.current();
    return { schedules: [...state.schedules].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).map(scheduleView) };
  }
}
