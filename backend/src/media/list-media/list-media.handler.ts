import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MediaFilesRead } from '../media-files.read';
import { ListMediaQuery, type ListMediaAnswer } from './list-media.query';

@QueryHandler(ListMediaQuery)
export class ListMediaHandler implements IQueryHandler<ListMediaQuery> {
  constructor(private readonly files: MediaFilesRead) {}

  async execute({ options }: ListMediaQuery): Promise<ListMediaAnswer> {
    return { items: await this.files.list(options) };
  }
}
