import { Body, Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { settingsBodyValidation, siteCommandContext } from '../../settings/settings-request';
import { DeleteMediaCommand, type DeleteMediaAnswer } from './delete-media.command';
import { DeleteMediaRequestDto } from './delete-media.request.dto';

@ApiTags('media')
@Controller('api/storage/delete')
export class DeleteMediaHttpController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{deleted: path}' })
  @ApiConflictResponse({ description: '{error, usage: [{stage, location, field, path, url}]}: the file is used in draft or live settings' })
  async delete(@Req() req: Request, @Body(settingsBodyValidation) body: DeleteMediaRequestDto): Promise<DeleteMediaAnswer> {
    return this.commands.execute(new DeleteMediaCommand(siteCommandContext(req), body.path));
  }
}
