import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@punchline/domain';
import type { LockAnswer } from '../get-lock/get-lock.query';
import { DraftEditAccessFilter } from '../settings-request';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { AcquireLockRequestDto } from './acquire-lock.request.dto';
import { Clock } from '../../platform/event-sourcing/clock';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/lock/acquire')
@UseFilters(DraftEditAccessFilter)
export class AcquireLockHttpController {
  constructor(private readonly site: SiteStream, private readonly clock: Clock, private readonly reads: SettingsReadService) {}

  /**
   * SPEC §7: takes the lock, or refreshes it for its holder (SPEC §4: every 60 s, TTL 300 s);
   * {lock, error}; 423 'Draft locked by another editor.' with the holder's lock when someone else holds it.
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', properties: { ttlSeconds: { type: 'integer', minimum: 30, maximum: 3600, default: 300 } } } })
  @ApiOkResponse({ description: '{lock: {holder_email, acquired_at, expires_at}, error: null}' })
  async acquire(@Actor() actor: AdminIssuer, @Body() { ttlSeconds }: AcquireLockRequestDto): Promise<LockAnswer> {
    try {
      const outcome = await this.site.execute(actor, { type: 'AcquireLock', data: ttlSeconds === undefined ? {} : { ttlSeconds } });
      return { lock: await this.reads.lockIn(outcome.state, this.clock.now()), error: null };
    } catch (error) {
      // The 423 also names the holder, so the editor can show who has the draft (SPEC §4).
      if (error instanceof DomainError && error.code === 'LOCKED') {
        const state = await this.site.current();
        throw new DomainError('LOCKED', error.message, { lock: await this.reads.lockIn(state, this.clock.now()) });
      }
      throw error;
    }
  }
}
