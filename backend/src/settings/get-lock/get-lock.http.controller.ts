import { Controller, Get, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LockAnswer } from '@punchline/domain';
import { Clock } from '../../platform/event-sourcing/clock';
import { DraftEditAccessFilter } from '../settings-request';
import { SettingsReadService } from '../settings-read.service';

@ApiTags('settings')
@Controller('api/settings/lock')
@UseFilters(DraftEditAccessFilter)
export class GetLockHttpController {
  constructor(
    private readonly reads: SettingsReadService,
    private readonly clock: Clock,
  ) {}

  /** SPEC §7: {lock}, the active draft lock judged now; the editor polls it every 90 s while another editor holds the lock. */
  @Get()
  @ApiOkResponse({ description: '{lock: {holder_email, acquired_at, expires_at} | null, error: null}' })
  async get(): Promise<LockAnswer> {
    return { lock: await this.reads.getNamedLock(this.clock.now()), error: null };
  }
}
