import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LockAnswer } from '../get-lock/get-lock.query';
import { DraftEditAccessFilter, settingsBodyValidation } from '../settings-request';
import { AcquireLockCommand } from './acquire-lock.command';
import { AcquireLockRequestDto } from './acquire-lock.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/lock/acquire')
@UseFilters(DraftEditAccessFilter)
export class AcquireLockHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: {lock, error}; 423 'Draft locked by another editor.' (with the holder's lock) when someone else holds it. */
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', properties: { ttlSeconds: { type: 'integer', minimum: 30, maximum: 3600, default: 300 } } } })
  @ApiOkResponse({ description: '{lock: {holder_email, acquired_at, expires_at}, error: null}' })
  async acquire(@Actor() actor: AdminIssuer, @Body(settingsBodyValidation) body: AcquireLockRequestDto): Promise<LockAnswer> {
    return this.commands.execute(new AcquireLockCommand(actor, body.ttlSeconds));
  }
}
