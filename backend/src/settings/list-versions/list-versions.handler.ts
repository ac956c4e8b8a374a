import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SettingsReadService } from '../settings-read.service';
import { ListVersionsQuery, type VersionsAnswer } from './list-versions.query';

@QueryHandler(ListVersionsQuery)
export class ListVersionsHandler implements IQueryHandler<ListVersionsQuery> {
  constructor(private readonly reads: SettingsReadService) {}

  async execute(query: ListVersionsQuery): Promise<VersionsAnswer> {
    return { versions: await this.reads.listVersions({ limit: query.limit, stage: query.stage }) };
  }
}
