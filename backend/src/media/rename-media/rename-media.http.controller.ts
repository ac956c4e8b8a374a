import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RenameMediaHandler, type RenameMediaAnswer } from './rename-media.handler';
import { RenameMediaRequestDto } from './rename-media.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('media')
@Controller('api/storage/rename')
export class RenameMediaHttpController {
  constructor(private readonly renameMedia: RenameMediaHandler) {}

  /** SPEC §7: references in draft and live settings are rewritten to the new name. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{totalUpdated, replacements: {draft, live}, path, url}' })
  async rename(@Actor() actor: AdminIssuer, @Body() body: RenameMediaRequestDto): Promise<RenameMediaAnswer> {
    return this.renameMedia.execute(actor, body.fromPath, body.toName);
  }
}
