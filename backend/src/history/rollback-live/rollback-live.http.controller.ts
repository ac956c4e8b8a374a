import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@punchline/domain';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { SettingsReadService, SiteStream } from '../../settings';
import { HISTORY_TEXTS, SiteHistory } from '../site-history';
import { RollbackLiveRequestDto } from './rollback-live.request.dto';

/** The points live can be rolled back to: where a publish (or an earlier rollback) set it. */
const LIVE_VERSIONS = new Set(['Published', 'LiveRolledBack']);

@ApiTags('history')
@Controller('api/settings/rollback')
export class RollbackLiveHttpController {
  constructor(private readonly history: SiteHistory, private readonly site: SiteStream, private readonly reads: SettingsReadService) {}

  /**
   * DESIGN §13: live becomes the live record as it was right after the publish at `position`; the
   * draft is untouched. 400 for a point that is not a publish, 423 while another admin holds the lock.
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', properties: { position: { type: 'integer' } }, required: ['position'] } })
  @ApiOkResponse({ description: '{data: the live settings now, version, error: null}' })
  async rollback(@Actor() actor: AdminIssuer, @Body() { position }: RollbackLiveRequestDto) {
    const event = await this.history.eventAt(position);
    if (!event || !LIVE_VERSIONS.has(event.type)) throw new DomainError('INVALID_INPUT', HISTORY_TEXTS.notAPublish, { position });
    const { settings } = await this.history.storedAt('live', position);
    await this.site.execute(actor, { type: 'RollbackLive', data: { toPosition: position, toOccurredAt: event.occurredAt, settings } });
    const live = await this.reads.getLive();
    return { data: live.settings, version: live.version, error: null };
  }
}
