import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetVersionQuery, type VersionAnswer } from './get-version.query';

@ApiTags('settings')
@Controller('api/settings/versions')
export class GetVersionHttpController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * One snapshot with its stored settings, so Publish to Live can list what it would change on
   * live (issue 12) without the list of 20 carrying 20 records; 404 for an unknown id.
   */
  @Get(':id')
  @ApiOkResponse({ description: '{version: {id, label, stage, status, created_at, author_email, settings}, error: null}' })
  async get(@Param('id') id: string): Promise<VersionAnswer> {
    return this.queries.execute(new GetVersionQuery(id));
  }
}
