import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LockAnswer } from '../get-lock/get-lock.query';
import { DraftEditAccessFilter } from '../settings-request';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { ReleaseLockRequestDto } from './release-lock.request.dto';
import { Clock } from '../../platform/event-sourcing/clock';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/lock/release')
@UseFilters(DraftEditAccessFilter)
export class ReleaseLockHttpController {
  constructor(private readonly site: SiteStream, private readonly clock: Clock, private readonly reads: SettingsReadService) {}

  /**
   * SPEC §7: {lock, error}; a no-op unless the caller holds the lock. Also the page-close beacon: an
   * empty JSON body, or a text/plain one (sendBeacon with a string), which the JSON parser leaves
   * unread; both release.
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ required: false, schema: { type: 'object', properties: { reason: { type: 'string', enum: ['released', 'page-closed', 'signed-out'] } } } })
  @ApiOkResponse({ description: '{lock: the lock left (null when released), error: null}' })
  async release(@Actor() actor: AdminIssuer, @Body() { reason }: ReleaseLockRequestDto): Promise<LockAnswer> {
    const outcome = await this.site.execute(actor, { type: 'ReleaseLock', data: reason === undefined ? {} : { reason } });
    // Whatever lock is left (another editor's, when the caller held none).
    return { lock: await this.reads.lockIn(outcome.state, this.clock.now()), error: null };
  }
}
