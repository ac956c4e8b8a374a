import { Controller, Get, Header, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SettingsRecord } from '@punchline/domain';
import type { Request } from 'express';
import { AccessStream } from '../../access';
import { Public } from '../../platform/http/public.decorator';
import { GetPreviewQuery } from './get-preview.query';

@ApiTags('settings')
@Controller('api/settings/preview')
export class GetPreviewHttpController {
  constructor(
    private readonly queries: QueryBus,
    private readonly access: AccessStream,
  ) {}

  /** SPEC §7: admins get the draft merged over live; anyone else gets live (DESIGN §6). */
  @Public()
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @Header('Vary', 'Cookie')
  @ApiOkResponse({ description: 'The flat settings record to preview.' })
  async preview(@Req() req: Request): Promise<SettingsRecord> {
    return this.queries.execute(new GetPreviewQuery(await this.access.isAdmin(req.session?.user?.email)));
  }
}
