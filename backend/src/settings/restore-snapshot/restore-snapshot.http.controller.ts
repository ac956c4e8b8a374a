import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DraftAnswer } from '../pull-live/pull-live.http.controller';
import { MediaLibraryView } from '../media-library.view';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/versions')
export class RestoreSnapshotHttpController {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
    private readonly library: MediaLibraryView,
  ) {}

  /**
   * SPEC §7: the draft becomes the snapshot (over live); 404 unknown id, 423 while another editor
   * holds the lock. Issue 13 point 6: the answer names library files the restored draft links to that
   * were deleted since.
   */
  @Post(':id/restore')
  @HttpCode(200)
  @ApiOkResponse({ description: '{data: the draft after the restore, error: null, missing_media?: [path]}' })
  async restore(@Actor() actor: AdminIssuer, @Param('id') id: string): Promise<DraftAnswer & { missing_media?: string[] }> {
    await this.site.execute(actor, { type: 'RestoreSnapshot', data: { snapshotId: id } });
    const data = (await this.reads.getDraft('editor')).settings;
    const missing = await this.library.missingFrom(data);
    return missing.length > 0 ? { data, error: null, missing_media: missing } : { data, error: null };
  }
}
