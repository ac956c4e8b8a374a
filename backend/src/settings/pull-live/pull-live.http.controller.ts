import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { PullLiveCommand, type DraftAnswer } from './pull-live.command';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/pull-live')
export class PullLiveHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: {data}; 423 while another editor holds the lock. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{data: the draft, now equal to live, error: null}' })
  async pull(@Actor() actor: AdminIssuer): Promise<DraftAnswer> {
    return this.commands.execute(new PullLiveCommand(actor));
  }
}
