import { Controller, Get, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Clock } from '../../platform/event-sourcing/clock';
import { DraftEditAccessFilter } from '../settings-request';
import { GetLockQuery, type LockAnswer } from './get-lock.query';

@ApiTags('settings')
@Controller('api/settings/lock')
@UseFilters(DraftEditAccessFilter)
export class GetLockHttpController {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  /** SPEC §7: {lock}; the editor polls it every 90 s while another editor holds the lock. */
  @Get()
  @ApiOkResponse({ description: '{lock: {holder_email, acquired_at, expires_at} | null, error: null}' })
  async get(): Promise<LockAnswer> {
    return this.queries.execute(new GetLockQuery(this.clock.now()));
  }
}
