import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccessStream } from '../../access';
import { Public } from '../../platform/http/public.decorator';
import { sendPrepared } from './public-pages.middleware';
import { SitePagesService } from './site-pages.service';
import { classifySiteRequest } from './site-request';

/**
 * Public pages asked for with stage=draft or at=N (the front door hands them here, after the session
 * middleware): an admin sees the draft merged over live (SPEC §2, §4) or live as it was right after
 * point N (DESIGN §13); anyone else the live page.
 */
@ApiExcludeController()
@Controller()
export class SitePageHttpController {
  constructor(
    private readonly site: SitePagesService,
    private readonly access: AccessStream,
  ) {}

  @Public()
  @Get(['/', 'media', 'merch', 'events', 'about', 'contact'])
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    const request = classifySiteRequest(req.url, this.site.pagePaths, this.site.clientFiles);
    if (request.kind !== 'page' || !this.site.bundle) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    // Whatever the answer, it depends on who asks: no shared cache may keep it.
    const privately = { 'Cache-Control': 'private, no-store', Vary: 'Cookie, Accept-Encoding' };
    const email = req.session?.user?.email;
    const admin = (request.draft || request.at !== null) && (await this.access.isAdmin(email));
    // Auditors may read the site as it was (DESIGN §15), never the draft.
    const reader = admin || (request.at !== null && (await this.access.isAuditor(email)));
    if (reader && request.at !== null) {
      sendPrepared(req, res, await this.site.historyPage(req.url, request.at), privately);
      return;
    }
    if (admin && request.draft) {
      sendPrepared(req, res, await this.site.draftPage(req.url), privately);
      return;
    }
    const page = await this.site.livePage(request.path, request.variant);
    if ('maintenance' in page) sendPrepared(req, res, page.maintenance, { 'Retry-After': String(page.retryAfter), ...privately });
    else sendPrepared(req, res, page, privately);
  }
}
