import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SettingsReadService } from '../settings-read.service';
import { GetSettingsQuery, type GetSettingsAnswer } from './get-settings.query';

@QueryHandler(GetSettingsQuery)
export class GetSettingsHandler implements IQueryHandler<GetSettingsQuery> {
  constructor(private readonly reads: SettingsReadService) {}

  async execute(query: GetSettingsQuery): Promise<GetSettingsAnswer> {
    if (query.stage === 'draft' && query.viewerIsAdmin) return { stage: 'draft', draft: await this.reads.getDraft('editor') };
    return { stage: 'live', live: await this.reads.getLive() };
  }
}
