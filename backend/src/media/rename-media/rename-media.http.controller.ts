import { Body, Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { settingsBodyValidation, siteCommandContext } from '../../settings/settings-request';
import { RenameMediaCommand, type RenameMediaAnswer } from './rename-media.command';
import { RenameMediaRequestDto } from './rename-media.request.dto';

@ApiTags('media')
@Controller('api/storage/rename')
export class RenameMediaHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: references in draft and live settings are rewritten to the new name. */
  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{totalUpdated, replacements: {draft, live}, path, url}' })
  async rename(@Req() req: Request, @Body(settingsBodyValidation) body: RenameMediaRequestDto): Promise<RenameMediaAnswer> {
    return this.commands.execute(new RenameMediaCommand(siteCommandContext(req), body.fromPath, body.toName));
  }
}
