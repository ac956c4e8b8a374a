import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@punchline/domain';
import { SettingsReadService, type SettingsVersionWithSettings } from '../settings-read.service';

/** Same text as restore and delete give for an unknown id. */
const SNAPSHOT_NOT_FOUND = 'Snapshot not found.';
/** Snapshot ids are UUIDs; anything far longer, or with a NUL (which Postgres text refuses), cannot be one. */
const ID_MAX_LENGTH = 200;

@ApiTags('settings')
@Controller('api/settings/versions')
export class GetVersionHttpController {
  constructor(private readonly reads: SettingsReadService) {}

  /**
   * One snapshot with its stored settings, so Publish to Live can list what it would change on
   * live (issue 12) without the list of 20 carrying 20 records; 404 for an unknown id.
   */
  @Get(':id')
  @ApiOkResponse({ description: '{version: {id, label, stage, status, created_at, author_email, settings}, error: null}' })
  async get(@Param('id') id: string): Promise<{ version: SettingsVersionWithSettings; error: null }> {
    const version = id.length <= ID_MAX_LENGTH && !id.includes('\u0000') ? await this.reads.getVersion(id) : null;
    if (!version) throw new DomainError('NOT_FOUND', SNAPSHOT_NOT_FOUND, { snapshotId: id });
    return { version, error: null };
  }
}
