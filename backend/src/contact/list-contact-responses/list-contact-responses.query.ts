import { Query } from '@nestjs/cqrs';
import type { ContactResponseItem, ContactResponsesFilter } from '../contact-responses.read';

export interface ContactResponsesAnswer {
  items: ContactResponseItem[];
  /** How many match the filters in all (the sidebar badge reads it with responded=false&limit=1). */
  total: number;
  /**
   * Present when `q` has no three letters or digits in a row: such a search cannot use the index, so
   * it looked through only this many of the newest messages (issue 15), and the screen says so.
   */
  searched_newest?: number;
}

/** GET /api/admin/contact-responses: the inbox, filtered and sorted. */
export class ListContactResponsesQuery extends Query<ContactResponsesAnswer> {
  constructor(readonly filter: ContactResponsesFilter) {
    super();
  }
}
