import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SiteHistory, type HistoryItem } from '../site-history';
import { ListHistoryRequestDto } from './list-history.request.dto';
import { AuditorsMay } from '../../platform/http/public.decorator';

@ApiTags('history')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/history')
export class ListHistoryHttpController {
  constructor(private readonly history: SiteHistory) {}

  /** DESIGN §13: the events that changed what a stage reads, newest first, a page at a time. */
  @Get()
  @ApiOkResponse({ description: '{items: [{position, occurred_at, actor_email, action, fields, summary}], next_before}' })
  async list(@Query() { stage, limit, before }: ListHistoryRequestDto): Promise<{ items: HistoryItem[]; next_before: number | null }> {
    return this.history.timeline(stage, { limit, before });
  }
}
