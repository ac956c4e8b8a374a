import { Inject, Injectable } from '@nestjs/common';
import {
  MEDIA_STREAM,
  mediaDecider,
  mediaUsageByPath,
  type MediaCommand,
  type MediaEvent,
  type MediaState,
  type MediaUrlOptions,
  type SettingsRecord,
} from '@punchline/domain';
import { type AggregateRunner, AggregateRunners } from '../platform/event-sourcing/aggregate-runner';
import type { AppConfig } from '../platform/config/config';
import { CONFIG } from '../platform/platform.module';
import { mediaUrlOptions } from '../media';

/**
 * What the settings commands need to know of the media library (issue 13): files renamed since an
 * editor loaded their links, and library files a restored record links to that are gone. Read from
 * the media stream through the domain's media decider on a runner of its own: the settings feature
 * may not import the media feature (which imports settings).
 */
@Injectable()
export class MediaLibraryView {
  private readonly media: AggregateRunner<MediaState, MediaCommand, MediaEvent>;
  readonly urlOptions: MediaUrlOptions;

  constructor(runners: AggregateRunners, @Inject(CONFIG) config: AppConfig) {
    this.media = runners.create({ decider: mediaDecider, name: 'media (as settings reads it)', staleRevisionText: '', cache: true });
    this.urlOptions = mediaUrlOptions(config);
  }

  /** Former path → where the file is now. */
  renamed(): Promise<ReadonlyMap<string, string>> {
    return this.media.read(MEDIA_STREAM, (state) => state.renamed);
  }

  /** Library paths the record links to that are not in the library (deleted since), sorted. */
  async missingFrom(settings: Partial<SettingsRecord>): Promise<string[]> {
    const used = [...mediaUsageByPath({ draft: settings, live: {} }, this.urlOptions).keys()];
    if (used.length === 0) return [];
    return this.media.read(MEDIA_STREAM, (state) => used.filter((path) => !state.files.has(path)).sort());
  }
}
