import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AUDIT_DEFAULT_LIMIT } from '@punchline/domain';
import { ListAuditLogQuery, type AuditAnswer } from './list-audit-log.query';
import { ListAuditLogRequestDto } from './list-audit-log.request.dto';
import { AuditorsMay } from '../../platform/http/public.decorator';


const blankToNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

@ApiTags('audit')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/audit')
export class ListAuditLogHttpController {
  constructor(private readonly queries: QueryBus) {}

  /** SPEC §7: {items: [{id, occurred_at, actor_email, action, meta}], actors, actions}; 100 rows newest first by default. */
  @Get()
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'actor', required: false, type: String })
  @ApiQuery({ name: 'action', required: false, type: String })
  @ApiQuery({ name: 'q', required: false, type: String })
  @ApiQuery({ name: 'direction', required: false, enum: ['asc', 'desc'] })
  @ApiQuery({ name: 'content', required: false, enum: ['1', '0'] })
  @ApiQuery({ name: 'locks', required: false, enum: ['folded', 'each'] })
  @ApiOkResponse({ description: '{items, actors, actions}' })
  async list(@Query() query: ListAuditLogRequestDto): Promise<AuditAnswer> {
    return this.queries.execute(
      new ListAuditLogQuery({
        limit: query.limit ?? AUDIT_DEFAULT_LIMIT,
        actor: blankToNull(query.actor),
        action: blankToNull(query.action),
        q: query.q?.trim() ?? '',
        direction: query.direction ?? 'desc',
        contentOnly: query.content === '1' || query.content === 'true',
        locks: query.locks ?? 'folded',
      }),
    );
  }
}
