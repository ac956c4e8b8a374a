import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { mediaUsageByPath, type MediaUrlOptions } from '@punchline/domain';
import { SettingsReadService } from '../../settings/settings-read.service';
import { MEDIA_URL_OPTIONS } from '../media.tokens';
import { MediaUsageQuery, type MediaUsageAnswer } from './media-usage.query';

@QueryHandler(MediaUsageQuery)
export class MediaUsageHandler implements IQueryHandler<MediaUsageQuery> {
  constructor(
    private readonly settings: SettingsReadService,
    @Inject(MEDIA_URL_OPTIONS) private readonly urlOptions: MediaUrlOptions,
  ) {}

  /** From the settings read models (a screen's view); the delete decision itself reads the site aggregate. */
  async execute({ path }: MediaUsageQuery): Promise<MediaUsageAnswer> {
    const [draft, live] = await Promise.all([this.settings.getDraft('editor'), this.settings.getLiveForEditor()]);
    const byPath = mediaUsageByPath({ draft: draft.settings, live: live.settings }, this.urlOptions);
    const paths = path === undefined ? [...byPath.keys()].sort() : byPath.has(path) ? [path] : [];
    return { items: paths.map((p) => ({ path: p, usage: byPath.get(p)! })) };
  }
}
