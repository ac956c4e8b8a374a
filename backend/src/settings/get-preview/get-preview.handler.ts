import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SettingsRecord } from '@punchline/domain';
import { SettingsReadService } from '../settings-read.service';
import { GetPreviewQuery } from './get-preview.query';

@QueryHandler(GetPreviewQuery)
export class GetPreviewHandler implements IQueryHandler<GetPreviewQuery> {
  constructor(private readonly reads: SettingsReadService) {}

  /** The draft merged over live in the public reading (it renders public pages); live for non-admins. */
  async execute(query: GetPreviewQuery): Promise<SettingsRecord> {
    return query.viewerIsAdmin ? (await this.reads.getDraft('public')).settings : (await this.reads.getLive()).settings;
  }
}
