import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { SettingsVersionView } from '@punchline/domain';
import { SettingsReadService } from '../settings-read.service';
import { ListVersionsRequestDto } from './list-versions.request.dto';

@ApiTags('settings')
@Controller('api/settings/versions')
export class ListVersionsHttpController {
  constructor(private readonly reads: SettingsReadService) {}

  /** SPEC §7: {versions} with id, label, stage, status ('draft' | 'published'), created_at, author_email; newest first. */
  @Get()
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'stage', required: false, enum: ['draft'] })
  @ApiOkResponse({ description: '{versions: [...]}, newest first' })
  async list(@Query() query: ListVersionsRequestDto): Promise<{ versions: SettingsVersionView[] }> {
    return { versions: await this.reads.listVersions({ limit: query.limit, stage: query.stage }) };
  }
}
