import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { DomainError } from '@punchline/domain';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { DraftEditAccessFilter, SettingsReadService, SiteStream } from '../../settings';
import { SiteHistory } from '../site-history';
import { RestoreFromHistoryRequestDto } from './restore-from-history.request.dto';

/** Before the first site event a stage read its defaults; the restore says so with the epoch as its time. */
const BEFORE_ANY_EVENT = new Date(0).toISOString();

@ApiTags('history')
@Controller('api/settings/history/restore')
@UseFilters(DraftEditAccessFilter)
export class RestoreFromHistoryHttpController {
  constructor(private readonly history: SiteHistory, private readonly site: SiteStream, private readonly reads: SettingsReadService) {}

  /**
   * DESIGN §13: the draft becomes that stage's record as of `position`, in the lock holder's hands:
   * a free lock is taken for the command and given back with it (issue 25, the decider records it).
   * While another admin holds it the 423 names them (`lock` as GET /api/settings/lock answers it).
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', properties: { position: { type: 'integer' }, stage: { type: 'string', enum: ['live', 'draft'] } }, required: ['position', 'stage'] } })
  @ApiOkResponse({ description: '{data: the draft settings now, error: null}' })
  async restore(@Actor() actor: AdminIssuer, @Body() { position, stage }: RestoreFromHistoryRequestDto) {
    const { event, settings } = await this.history.storedAt(stage, position);
    try {
      await this.site.execute(actor, {
        type: 'RestoreDraftFromHistory',
        data: { fromPosition: event?.position ?? 0, fromOccurredAt: event?.occurredAt ?? BEFORE_ANY_EVENT, stage, settings },
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'LOCKED') {
        throw new DomainError('LOCKED', error.message, { lock: await this.reads.getNamedLock() });
      }
      throw error;
    }
    return { data: (await this.reads.getDraft()).settings, error: null };
  }
}
