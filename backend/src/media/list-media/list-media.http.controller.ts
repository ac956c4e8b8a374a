import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MediaFilesRead, type MediaFileView } from '../media-files.read';
import { ListMediaRequestDto } from './list-media.request.dto';

@ApiTags('media')
@Controller('api/storage/list')
export class ListMediaHttpController {
  constructor(private readonly files: MediaFilesRead) {}

  /** SPEC §7: {items: [{name, path, url, size, mime_type, created_at, updated_at}]}, newest first unless asked otherwise. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ description: '{items}: the library, sorted and filtered by name' })
  async list(@Query() query: ListMediaRequestDto): Promise<{ items: MediaFileView[] }> {
    return { items: await this.files.list({ sort: query.sort, direction: query.direction, q: query.q }) };
  }
}
