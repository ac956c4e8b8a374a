import { Inject, Injectable } from '@nestjs/common';
import { mediaUsageByPath, type MediaUrlOptions, type SettingsRecord } from '@punchline/domain';
import { MediaLibraryView } from '../settings';
import { MediaStream } from './media-stream';
import { MEDIA_URL_OPTIONS } from './media.tokens';

/** The settings feature's view of the library (its port, settings/media-library.view.ts), read from the one media aggregate. */
@Injectable()
export class MediaLibraryFromStream implements MediaLibraryView {
  constructor(
    private readonly media: MediaStream,
    @Inject(MEDIA_URL_OPTIONS) readonly urlOptions: MediaUrlOptions,
  ) {}

  renamed(): Promise<ReadonlyMap<string, string>> {
    return this.media.read((state) => state.renamed);
  }

  async missingFrom(settings: Partial<SettingsRecord>): Promise<string[]> {
    const used = [...mediaUsageByPath({ draft: settings, live: {} }, this.urlOptions).keys()];
    if (used.length === 0) return [];
    return this.media.read((state) => used.filter((path) => !state.files.has(path)).sort());
  }
}
