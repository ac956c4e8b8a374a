import { Query } from '@nestjs/cqrs';
import type { ContactResponsesAnswer } from '@punchline/domain';
import type { ContactResponsesFilter } from '../contact-responses.read';

export type { ContactResponsesAnswer };

/** GET /api/admin/contact-responses: the inbox, filtered and sorted. */
export class ListContactResponsesQuery extends Query<ContactResponsesAnswer> {
  constructor(readonly filter: ContactResponsesFilter) {
    super();
  }
}
