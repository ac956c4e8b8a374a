import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { findMediaUsage, mediaUsageByPath, type MediaUrlOptions } from '@punchline/domain';
import { SiteHistory } from '../../history';
import { SettingsReadService, SiteStream } from '../../settings';
import { MEDIA_URL_OPTIONS } from '../media.tokens';
import { MediaUsageQuery, type MediaHistoryUsage, type MediaUsageAnswer } from './media-usage.query';

@QueryHandler(MediaUsageQuery)
export class MediaUsageHandler implements IQueryHandler<MediaUsageQuery> {
  constructor(
    private readonly settings: SettingsReadService,
    private readonly site: SiteStream,
    private readonly history: SiteHistory,
    @Inject(MEDIA_URL_OPTIONS) private readonly urlOptions: MediaUrlOptions,
  ) {}

  /** From the settings read models (a screen's view); the delete decision itself reads the site aggregate. */
  async execute({ path }: MediaUsageQuery): Promise<MediaUsageAnswer> {
    const [draft, live] = await Promise.all([this.settings.getDraft('editor'), this.settings.getLiveForEditor()]);
    const byPath = mediaUsageByPath({ draft: draft.settings, live: live.settings }, this.urlOptions);
    const paths = path === undefined ? [...byPath.keys()].sort() : byPath.has(path) ? [path] : [];
    const items = paths.map((p) => ({ path: p, usage: byPath.get(p)! }));
    return path === undefined ? { items } : { items, history: await this.historyUsage(path) };
  }

  private async historyUsage(path: string): Promise<MediaHistoryUsage> {
    const uses = (settings: object) => findMediaUsage({ draft: settings, live: {} }, path, this.urlOptions).length > 0;
    const { snapshots } = await this.site.current();
    return {
      snapshots: snapshots.filter((s) => uses(s.settings)).map((s) => ({ id: s.id, label: s.label, created_at: s.createdAt })),
      publishes: await this.history.publishesWhere(uses),
    };
  }
}
