import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Clock } from '../../platform/event-sourcing/clock';
import { Public } from '../../platform/http/public.decorator';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { SettingsReadService } from '../../settings';
import { eventsCalendar } from '../show-season/show-season';

interface BuiltFeed {
  /** Live version and UTC day the feed was built for. */
  key: string;
  etag: string;
  body: Promise<Buffer>;
}

@ApiTags('site')
@Controller()
export class EventsCalendarHttpController {
  private readonly baseUrl: string;
  /**
   * The feed of the current live version and day, built once and shared (issue 31): concurrent first
   * requests after a publish wait for the same build, which costs one small query (the SEQUENCE
   * numbers the projection keeps with the live row) and the shows of one record, never history.
   */
  private feed: BuiltFeed | null = null;

  constructor(
    private readonly reads: SettingsReadService,
    private readonly clock: Clock,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.baseUrl = config.publicBaseUrl.replace(/\/+$/, '');
  }

  /**
   * Issue 14: the upcoming shows as an iCalendar feed (RFC 5545) for calendar apps and webcal://
   * subscriptions. Cached by the live version and the day (past shows drop out at midnight UTC).
   */
  @Public()
  @Get('events.ics')
  @ApiOkResponse({ description: 'text/calendar: every upcoming show whose date can be read' })
  async calendar(@Req() req: Request, @Res() res: Response): Promise<void> {
    const feed = await this.feedFor();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', feed.etag);
    if (req.headers['if-none-match'] === feed.etag) {
      res.status(304).end();
      return;
    }
    const body = await feed.body;
    res.status(200);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="shows.ics"');
    res.send(body);
  }

  private async feedFor(): Promise<BuiltFeed> {
    const live = await this.reads.getLive();
    const now = this.clock.now();
    const key = `${live.version}-${now.toISOString().slice(0, 10)}`;
    if (this.feed?.key === key) return this.feed;
    const body = this.reads.showSequences().then((sequences) =>
      Buffer.from(eventsCalendar(live.settings, this.baseUrl, now, sequences, new Date(live.updatedAt ?? now.toISOString())), 'utf8'),
    );
    const feed: BuiltFeed = { key, etag: `"ics-${key}"`, body };
    this.feed = feed;
    // A failed build (database away) is not kept: the next request tries again.
    body.catch(() => {
      if (this.feed === feed) this.feed = null;
    });
    return feed;
  }
}
