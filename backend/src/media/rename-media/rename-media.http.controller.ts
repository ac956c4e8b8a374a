import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RenameMediaCommand, type RenameMediaAnswer } from './rename-media.command';
import { RenameMediaRequestDto } from './rename-media.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('media')
@Controller('api/storage/rename')
export class RenameMediaHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: references in draft and live settings are rewritten to the new name. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{totalUpdated, replacements: {draft, live}, path, url}' })
  async rename(@Actor() actor: AdminIssuer, @Body() body: RenameMediaRequestDto): Promise<RenameMediaAnswer> {
    return this.commands.execute(new RenameMediaCommand(actor, body.fromPath, body.toName));
  }
}
