import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { DraftEditAccessFilter, SettingsReadService, SiteStream } from '../../settings';
import { SiteHistory, parsePosition, parseStage } from '../site-history';

/** Before the first site event a stage read its defaults; the restore says so with the epoch as its time. */
const BEFORE_ANY_EVENT = new Date(0).toISOString();

@ApiTags('history')
@Controller('api/settings/history/restore')
@UseFilters(DraftEditAccessFilter)
export class RestoreFromHistoryHttpController {
  constructor(
    private readonly history: SiteHistory,
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
  ) {}

  /** DESIGN §13: lock holder only; the draft becomes that stage's record as of `position`. */
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', properties: { position: { type: 'integer' }, stage: { type: 'string', enum: ['live', 'draft'] } }, required: ['position', 'stage'] } })
  @ApiOkResponse({ description: '{data: the draft settings now, error: null}' })
  async restore(@Actor() actor: AdminIssuer, @Body() body: unknown) {
    const input = (body ?? {}) as { position?: unknown; stage?: unknown };
    const position = parsePosition(input.position);
    const stage = parseStage(input.stage);
    const { event, settings } = await this.history.storedAt(stage, position);
    await this.site.execute(actor, (now) => ({
      type: 'RestoreDraftFromHistory',
      data: { fromPosition: event?.position ?? 0, fromOccurredAt: event?.occurredAt ?? BEFORE_ANY_EVENT, stage, settings },
      metadata: { actorEmail: actor.actorEmail, now },
    }));
    return { data: (await this.reads.getDraft()).settings, error: null };
  }
}
