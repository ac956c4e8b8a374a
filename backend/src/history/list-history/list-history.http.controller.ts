import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@punchline/domain';
import { SiteHistory, parsePosition, parseStage, type HistoryItem } from '../site-history';
import { AuditorsMay } from '../../platform/http/public.decorator';

export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;

@ApiTags('history')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/history')
export class ListHistoryHttpController {
  constructor(private readonly history: SiteHistory) {}

  /** DESIGN §13: the events that changed what a stage reads, newest first, a page at a time. */
  @Get()
  @ApiOkResponse({ description: '{items: [{position, occurred_at, actor_email, action, fields, summary}], next_before}' })
  async list(@Query() query: Record<string, unknown>): Promise<{ items: HistoryItem[]; next_before: number | null }> {
    const stage = parseStage(query.stage ?? 'live');
    const limit = query.limit === undefined ? HISTORY_DEFAULT_LIMIT : parsePosition(query.limit, 'limit');
    if (limit < 1 || limit > HISTORY_MAX_LIMIT) throw new DomainError('INVALID_INPUT', `limit must be a whole number from 1 to ${HISTORY_MAX_LIMIT}.`);
    const before = query.before === undefined ? undefined : parsePosition(query.before, 'before');
    return this.history.timeline(stage, { limit, before });
  }
}
