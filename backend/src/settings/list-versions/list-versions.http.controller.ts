import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ListVersionsQuery, type VersionsAnswer } from './list-versions.query';
import { ListVersionsRequestDto } from './list-versions.request.dto';

@ApiTags('settings')
@Controller('api/settings/versions')
export class ListVersionsHttpController {
  constructor(private readonly queries: QueryBus) {}

  /** SPEC §7: {versions} with id, label, stage, status ('draft' | 'published'), created_at, author_email. */
  @Get()
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'stage', required: false, enum: ['draft'] })
  @ApiOkResponse({ description: '{versions: [...]}, newest first' })
  async list(@Query() query: ListVersionsRequestDto): Promise<VersionsAnswer> {
    return this.queries.execute(new ListVersionsQuery(query.limit, query.stage));
  }
}
