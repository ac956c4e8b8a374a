import type { MediaUrlOptions, SettingsRecord } from '@punchline/domain';

/**
 * What the settings commands need to know of the media library (issue 13): files renamed since an
 * editor loaded their links, and library files a restored record links to that are gone. A port:
 * the media feature provides it from its one cached media aggregate (`MediaStream`, in
 * media/media-library.adapter.ts), so settings reads the library without importing the media
 * feature (which imports settings) and without a second copy of the media stream in memory.
 * An abstract class so that it is its own injection token.
 */
export abstract class MediaLibraryView {
  abstract readonly urlOptions: MediaUrlOptions;

  /** Former path → where the file is now. */
  abstract renamed(): Promise<ReadonlyMap<string, string>>;

  /** Library paths the record links to that are not in the library (deleted since), sorted. */
  abstract missingFrom(settings: Partial<SettingsRecord>): Promise<string[]>;
}
