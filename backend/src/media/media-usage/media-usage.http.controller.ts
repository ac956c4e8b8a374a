import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MediaUsageQuery, type MediaUsageAnswer } from './media-usage.query';
import { MediaUsageRequestDto } from './media-usage.request.dto';

@ApiTags('media')
@Controller('api/storage/usage')
export class MediaUsageHttpController {
  constructor(private readonly queries: QueryBus) {}

  /** Not in SPEC §7: the Media Manager needs it for its usage filter and the blocked-delete alert. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ description: '{items: [{path, usage: [{stage, location, field, path, url}]}]}' })
  async usage(@Query() query: MediaUsageRequestDto): Promise<MediaUsageAnswer> {
    return this.queries.execute(new MediaUsageQuery(query.path));
  }
}
