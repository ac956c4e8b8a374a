import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ContactResponsesReadService } from '../contact-responses.read';
import { ListContactResponsesQuery, type ContactResponsesAnswer } from './list-contact-responses.query';

@QueryHandler(ListContactResponsesQuery)
export class ListContactResponsesHandler implements IQueryHandler<ListContactResponsesQuery> {
  constructor(private readonly reads: ContactResponsesReadService) {}

  execute({ filter }: ListContactResponsesQuery): Promise<ContactResponsesAnswer> {
    return this.reads.list(filter);
  }
}
