import { Body, Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { settingsBodyValidation, siteCommandContext } from '../settings-request';
import { PublishCommand, type PublishResult } from './publish.command';
import { PublishRequestDto } from './publish.request.dto';

@ApiTags('settings')
@Controller('api/settings/publish')
export class PublishHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: publishes to live; 404 for an unknown snapshot, 423 while another editor holds the lock. */
  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiBody({ required: false, schema: { type: 'object', properties: { snapshotId: { type: 'string', nullable: true } } } })
  @ApiOkResponse({ description: '{data: the new live settings, version, error: null}' })
  async publish(@Req() req: Request, @Body(settingsBodyValidation) body: PublishRequestDto): Promise<PublishResult> {
    return this.commands.execute(new PublishCommand(siteCommandContext(req), body.snapshotId ?? null));
  }
}
