import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@punchline/domain';
import { SiteHistory, type HistoryState } from '../site-history';
import { HistoryStateRequestDto } from './history-state.request.dto';
import { AuditorsMay } from '../../platform/http/public.decorator';

@ApiTags('history')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/history/state')
export class HistoryStateHttpController {
  constructor(private readonly history: SiteHistory) {}

  /** DESIGN §13: the stage as it read right after point N, or at the last point at or before `at`. */
  @Get()
  @ApiOkResponse({ description: '{position, occurred_at, settings}' })
  async state(@Query() { stage, position, at }: HistoryStateRequestDto): Promise<HistoryState> {
    if (position !== undefined && at !== undefined) throw new DomainError('INVALID_INPUT', 'Give position or at, not both.');
    if (at !== undefined) return this.history.stateAt(stage, { at: new Date(at).toISOString() });
    if (position === undefined) throw new DomainError('INVALID_INPUT', 'Give position=N or at=<ISO-8601 time>.');
    return this.history.stateAt(stage, { position });
  }
}
