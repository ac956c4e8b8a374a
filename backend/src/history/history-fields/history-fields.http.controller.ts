import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SettingsReadService } from '../../settings';
import { SiteHistory, type FieldProvenance } from '../site-history';
import { HistoryFieldsRequestDto } from './history-fields.request.dto';
import { AuditorsMay } from '../../platform/http/public.decorator';

@ApiTags('history')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/history/fields')
export class HistoryFieldsHttpController {
  constructor(
    private readonly history: SiteHistory,
    private readonly reads: SettingsReadService,
  ) {}

  /**
   * DESIGN §13: who last changed each field of a stage, and when (fields never changed are absent);
   * `actor_name` is the name they signed in with, when known (issue 25: 'Bea changed this after you').
   */
  @Get()
  @ApiOkResponse({ description: '{fields: {<name>: {position, occurred_at, actor_email, actor_name, action}}}' })
  async fields(@Query() { stage }: HistoryFieldsRequestDto): Promise<{ fields: Record<string, FieldProvenance> }> {
    const fields = await this.history.fields(stage);
    const emails = [...new Set(Object.values(fields).map((f) => f.actor_email).filter((e): e is string => e !== null))];
    const names = new Map(await Promise.all(emails.map(async (e) => [e, await this.reads.adminName(e)] as const)));
    return { fields: Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, { ...f, actor_name: f.actor_email ? (names.get(f.actor_email) ?? null) : null }])) };
  }
}
