import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SettingsReadService } from '../settings-read.service';
import { GetLockQuery, type LockAnswer } from './get-lock.query';

@QueryHandler(GetLockQuery)
export class GetLockHandler implements IQueryHandler<GetLockQuery> {
  constructor(private readonly reads: SettingsReadService) {}

  async execute(query: GetLockQuery): Promise<LockAnswer> {
    return { lock: await this.reads.getNamedLock(query.now), error: null };
  }
}
