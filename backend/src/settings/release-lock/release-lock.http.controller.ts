import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LockAnswer } from '../get-lock/get-lock.query';
import { DraftEditAccessFilter, settingsBodyValidation } from '../settings-request';
import { ReleaseLockCommand } from './release-lock.command';
import { ReleaseLockRequestDto } from './release-lock.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/lock/release')
@UseFilters(DraftEditAccessFilter)
export class ReleaseLockHttpController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * SPEC §7: {lock, error}. Also the page-close beacon: an empty JSON body, or a text/plain one
   * (sendBeacon with a string), which the JSON parser leaves unread; both release.
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ required: false, schema: { type: 'object', properties: { reason: { type: 'string', enum: ['released', 'page-closed', 'signed-out'] } } } })
  @ApiOkResponse({ description: '{lock: the lock left (null when released), error: null}' })
  async release(@Actor() actor: AdminIssuer, @Body(settingsBodyValidation) body: ReleaseLockRequestDto): Promise<LockAnswer> {
    return this.commands.execute(new ReleaseLockCommand(actor, body.reason));
  }
}
