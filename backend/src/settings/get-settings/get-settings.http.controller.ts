import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccessStream } from '../../access';
import { Public } from '../../platform/http/public.decorator';
import { SettingsReadService } from '../settings-read.service';
import { GetSettingsRequestDto } from './get-settings.request.dto';

@ApiTags('settings')
@Controller('api/settings')
export class GetSettingsHttpController {
  constructor(
    private readonly reads: SettingsReadService,
    private readonly access: AccessStream,
  ) {}

  /**
   * SPEC §7: the flat settings object of a stage. Live is sent as bytes prepared once per live
   * version, with an ETag, so the hot public read is a lookup; only a signed-in request asks who is asking.
   */
  @Public()
  @Get()
  @ApiQuery({ name: 'stage', required: false, enum: ['live', 'draft'] })
  @ApiOkResponse({ description: 'The flat settings record of the stage (draft: draft merged over live, admins only; others get live).' })
  async get(@Req() req: Request, @Res() res: Response, @Query() query: GetSettingsRequestDto): Promise<void> {
    const stage = query.stage ?? 'live';
    // Only a signed-in request can be an admin's; the front door answers the others from memory.
    const isAdmin = req.session?.user ? await this.access.isAdmin(req.session.user.email) : false;
    // The same URL answers differently per session (the draft; the admin-only fields of live): Vary: Cookie.
    // The draft only for an admin; everyone else reads live (DESIGN §6).
    if (stage === 'draft' && isAdmin) {
      const draft = await this.reads.getDraft('editor');
      res.setHeader('Vary', 'Cookie');
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(draft.settings);
      return;
    }
    const live = await this.reads.getLive();
    res.setHeader('Vary', 'Cookie');
    const [json, etag] = isAdmin ? [live.adminJson, live.adminEtag] : [live.json, live.etag];
    res.setHeader('Cache-Control', isAdmin ? 'private, no-cache' : 'no-cache');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(json);
  }
}
