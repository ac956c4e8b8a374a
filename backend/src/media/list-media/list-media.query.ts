import { Query } from '@nestjs/cqrs';
import type { MediaFileView, MediaSort, SortDirection } from '../media-files.read';

export interface ListMediaAnswer {
  items: MediaFileView[];
}

/** GET /api/storage/list: newest first unless asked otherwise. */
export class ListMediaQuery extends Query<ListMediaAnswer> {
  constructor(readonly options: { sort?: MediaSort; direction?: SortDirection; q?: string }) {
    super();
  }
}
