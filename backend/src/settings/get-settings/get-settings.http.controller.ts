import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccessStream } from '../../access';
import { Public } from '../../platform/http/public.decorator';
import { GetSettingsQuery } from './get-settings.query';
import { GetSettingsRequestDto } from './get-settings.request.dto';

@ApiTags('settings')
@Controller('api/settings')
export class GetSettingsHttpController {
  constructor(
    private readonly queries: QueryBus,
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
    const answer = await this.queries.execute(new GetSettingsQuery(stage, isAdmin));
    // The same URL answers differently per session (the draft; the admin-only fields of live).
    res.setHeader('Vary', 'Cookie');
    if (answer.stage === 'draft') {
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(answer.draft.settings);
      return;
    }
    const [json, etag] = isAdmin ? [answer.live.adminJson, answer.live.adminEtag] : [answer.live.json, answer.live.etag];
    res.setHeader('Cache-Control', isAdmin ? 'private, no-cache' : 'no-cache');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(json);
  }
}
