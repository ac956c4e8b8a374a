import { Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { siteCommandContext } from '../settings-request';
import { PullLiveCommand, type DraftAnswer } from './pull-live.command';

@ApiTags('settings')
@Controller('api/settings/pull-live')
export class PullLiveHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: {data}; 423 while another editor holds the lock. */
  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{data: the draft, now equal to live, error: null}' })
  async pull(@Req() req: Request): Promise<DraftAnswer> {
    return this.commands.execute(new PullLiveCommand(siteCommandContext(req)));
  }
}
