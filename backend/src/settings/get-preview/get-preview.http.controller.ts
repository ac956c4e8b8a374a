import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SettingsRecord } from '@punchline/domain';
import type { Request } from 'express';
import { AccessStream } from '../../access';
import { Public } from '../../platform/http/public.decorator';
import { SettingsReadService } from '../settings-read.service';

@ApiTags('settings')
@Controller('api/settings/preview')
export class GetPreviewHttpController {
  constructor(
    private readonly reads: SettingsReadService,
    private readonly access: AccessStream,
  ) {}

  /**
   * SPEC §7: what the public home page renders in draft view (SPEC §2). Admins get the draft merged
   * over live in the public reading (it renders public pages); anyone else gets live (DESIGN §6).
   */
  @Public()
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @Header('Vary', 'Cookie')
  @ApiOkResponse({ description: 'The flat settings record to preview.' })
  async preview(@Req() req: Request): Promise<SettingsRecord> {
    const viewerIsAdmin = await this.access.isAdmin(req.session?.user?.email);
    return viewerIsAdmin ? (await this.reads.getDraft('public')).settings : (await this.reads.getLive()).settings;
  }
}
