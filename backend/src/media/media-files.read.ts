import { Inject, Injectable } from '@nestjs/common';
import type { MediaFileView } from '@punchline/domain';
import { type Database, type MediaSort, type SortDirection, getMediaFile, listMediaFiles } from '@punchline/projections';
import { DATABASE } from '../platform/platform.module';

export type { MediaFileView } from '@punchline/domain';
export { MEDIA_SORTS, type MediaSort, type SortDirection } from '@punchline/projections';

/** The media feature's handle on the reads of rm.media_files (the queries live beside the projection, projections/src/media). */
@Injectable()
export class MediaFilesRead {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  list(options: { sort?: MediaSort; direction?: SortDirection; q?: string } = {}): Promise<MediaFileView[]> {
    return listMediaFiles(this.db, options);
  }

  get(path: string): Promise<MediaFileView | null> {
    return getMediaFile(this.db, path);
  }
}
