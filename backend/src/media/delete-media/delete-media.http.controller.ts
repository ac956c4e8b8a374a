import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DeleteMediaHandler, type DeleteMediaAnswer } from './delete-media.handler';
import { DeleteMediaRequestDto } from './delete-media.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('media')
@Controller('api/storage/delete')
export class DeleteMediaHttpController {
  constructor(private readonly deleteMedia: DeleteMediaHandler) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{deleted: path}' })
  @ApiConflictResponse({ description: '{error, usage: [{stage, location, field, path, url}]}: the file is used in draft or live settings' })
  async delete(@Actor() actor: AdminIssuer, @Body() body: DeleteMediaRequestDto): Promise<DeleteMediaAnswer> {
    return this.deleteMedia.execute(actor, body.path);
  }
}
