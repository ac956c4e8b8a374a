import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SiteHistory, parseStage, type FieldProvenance } from '../site-history';
import { AuditorsMay } from '../../platform/http/public.decorator';

@ApiTags('history')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/history/fields')
export class HistoryFieldsHttpController {
  constructor(private readonly history: SiteHistory) {}

  /** DESIGN §13: who last changed each field of a stage, and when (fields never changed are absent). */
  @Get()
  @ApiOkResponse({ description: '{fields: {<name>: {position, occurred_at, actor_email, action}}}' })
  async fields(@Query() query: Record<string, unknown>): Promise<{ fields: Record<string, FieldProvenance> }> {
    return { fields: await this.history.fields(parseStage(query.stage ?? 'live')) };
  }
}
