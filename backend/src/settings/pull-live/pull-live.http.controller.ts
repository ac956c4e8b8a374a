import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SettingsRecord } from '@punchline/domain';
import { SettingsReadService } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

export interface DraftAnswer {
  /** The draft after the command: draft merged over live, editor reading. */
  data: SettingsRecord;
  error: null;
}

@ApiTags('settings')
@Controller('api/settings/pull-live')
export class PullLiveHttpController {
  constructor(
    private readonly site: SiteStream,
    private readonly reads: SettingsReadService,
  ) {}

  /** SPEC §7: the draft becomes live again, nothing is published; {data}; 423 while another editor holds the lock. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{data: the draft, now equal to live, error: null}' })
  async pull(@Actor() actor: AdminIssuer): Promise<DraftAnswer> {
    await this.site.execute(actor, { type: 'PullLive', data: {} });
    return { data: (await this.reads.getDraft('editor')).settings, error: null };
  }
}
