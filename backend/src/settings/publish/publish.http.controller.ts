import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SettingsRecord } from '@punchline/domain';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { PublishRequestDto } from './publish.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

export interface PublishResult {
  /** The new live settings, public reading. */
  data: SettingsRecord;
  /** Live version (global position of the Published event). */
  version: number;
  error: null;
}

@ApiTags('settings')
@Controller('api/settings/publish')
export class PublishHttpController {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
  ) {}

  /**
   * SPEC §7: publishes the chosen draft snapshot, or the current draft when none is given; 404 for
   * an unknown snapshot, 423 while another editor holds the lock. Answers live as the read model has it.
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ required: false, schema: { type: 'object', properties: { snapshotId: { type: 'string', nullable: true } } } })
  @ApiOkResponse({ description: '{data: the new live settings, version, error: null}' })
  async publish(@Actor() actor: AdminIssuer, @Body() body: PublishRequestDto): Promise<PublishResult> {
    await this.site.execute(actor, { type: 'Publish', data: { snapshotId: body.snapshotId ?? null } });
    const live = await this.reads.getLive();
    return { data: live.settings, version: live.version, error: null };
  }
}
