import { Module } from '@nestjs/common';
import { AccessModule } from '../access';
import { HistoryModule } from '../history';
import { MediaModule } from '../media';
import { PublicPagesMiddleware } from './serve-page/public-pages.middleware';
import { EventsCalendarHttpController } from './events-calendar/events-calendar.http.controller';
import { SitePageHttpController } from './serve-page/site-page.http.controller';
import { SitePagesService } from './serve-page/site-pages.service';

/**
 * The public site (SPEC §2, §4; DESIGN §9): server-rendered pages cached per live version, the
 * maintenance page, draft previews for admins, the admin shell, sitemap.xml and robots.txt.
 * createApp mounts PublicPagesMiddleware (the front door) ahead of Express.
 */
@Module({
  imports: [AccessModule, HistoryModule, MediaModule],
  controllers: [SitePageHttpController, EventsCalendarHttpController],
  providers: [SitePagesService, PublicPagesMiddleware],
  exports: [PublicPagesMiddleware],
})
export class SiteModule {}
