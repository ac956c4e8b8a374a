import { Query } from '@nestjs/cqrs';
import type { MediaHistoryUsage, MediaUsage } from '@punchline/domain';

export type { MediaHistoryUsage } from '@punchline/domain';

export interface MediaUsageItem {
  path: string;
  usage: MediaUsage[];
}


/** Files that are used, each with where: the Media Manager's Used/Unused filter and its delete check. */
export interface MediaUsageAnswer {
  items: MediaUsageItem[];
  /** With `path` only. */
  history?: MediaHistoryUsage;
}

/** GET /api/storage/usage[?path=]: every used file, or only the one asked about (then `items` may be empty). */
export class MediaUsageQuery extends Query<MediaUsageAnswer> {
  constructor(readonly path?: string) {
    super();
  }
}
