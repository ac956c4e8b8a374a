import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { SettingsRecord } from '@punchline/domain';
import { Clock } from '../../platform/event-sourcing/clock';
import { Public } from '../../platform/http/public.decorator';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { SiteHistory } from '../../history';
import { SettingsReadService } from '../../settings';
import { calendarSequences, eventsCalendar } from '../show-season/show-season';

@ApiTags('site')
@Controller()
export class EventsCalendarHttpController {
  private readonly baseUrl: string;
  /** SEQUENCE numbers per live version: history is read once per publish, not per request. */
  private sequences: { version: number; map: Map<string, number> } | null = null;

  constructor(
    private readonly reads: SettingsReadService,
    private readonly history: SiteHistory,
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
    const live = await this.reads.getLive();
    const now = this.clock.now();
    const etag = `"ics-${live.version}-${now.toISOString().slice(0, 10)}"`;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const sequences = await this.sequencesFor(live.version);
    res.status(200);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="shows.ics"');
    res.send(eventsCalendar(live.settings, this.baseUrl, now, sequences, new Date(live.updatedAt ?? now.toISOString())));
  }

  private async sequencesFor(version: number): Promise<Map<string, number>> {
    if (this.sequences?.version === version) return this.sequences.map;
    // Every live version that changed the upcoming shows, oldest first.
    const points: number[] = [];
    let before: number | undefined;
    do {
      const page = await this.history.timeline('live', { limit: 200, before });
      for (const item of page.items) if (item.fields.includes('events_upcoming')) points.push(item.position);
      before = page.next_before ?? undefined;
    } while (before !== undefined);
    const versions: Pick<SettingsRecord, 'events_upcoming'>[] = [];
    for (const position of points.reverse()) versions.push((await this.history.stateAt('live', { position })).settings);
    const map = calendarSequences(versions, new URL(this.baseUrl).hostname);
    this.sequences = { version, map };
    return map;
  }
}
