import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ListMediaQuery, type ListMediaAnswer } from './list-media.query';
import { ListMediaRequestDto } from './list-media.request.dto';

@ApiTags('media')
@Controller('api/storage/list')
export class ListMediaHttpController {
  constructor(private readonly queries: QueryBus) {}

  /** SPEC §7: {items: [{name, path, url, size, mime_type, created_at, updated_at}]}. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ description: '{items}: the library, sorted and filtered by name' })
  async list(@Query() query: ListMediaRequestDto): Promise<ListMediaAnswer> {
    return this.queries.execute(new ListMediaQuery({ sort: query.sort, direction: query.direction, q: query.q }));
  }
}
