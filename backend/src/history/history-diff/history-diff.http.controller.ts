import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { JsonChange } from '@punchline/domain';
import { SiteHistory } from '../site-history';
import { HistoryDiffRequestDto } from './history-diff.request.dto';
import { AuditorsMay } from '../../platform/http/public.decorator';

@ApiTags('history')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/history/diff')
export class HistoryDiffHttpController {
  constructor(private readonly history: SiteHistory) {}

  /** DESIGN §13: field-level changes of a stage between two points, as JSON Pointer paths. */
  @Get()
  @ApiOkResponse({ description: '{from, to, changes: [{path, before, after}]}' })
  async diff(@Query() { stage, from, to }: HistoryDiffRequestDto): Promise<{ from: number; to: number; changes: JsonChange[] }> {
    return this.history.diff(stage, from, to);
  }
}
