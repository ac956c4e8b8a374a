import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@punchline/domain';
import { SettingsReadService } from '../settings-read.service';
import { GetVersionQuery, type VersionAnswer } from './get-version.query';

/** Same text as restore and delete give for an unknown id. */
const SNAPSHOT_NOT_FOUND = 'Snapshot not found.';
/** Snapshot ids are UUIDs; anything far longer, or with a NUL (which Postgres text refuses), cannot be one. */
const ID_MAX_LENGTH = 200;

@QueryHandler(GetVersionQuery)
export class GetVersionHandler implements IQueryHandler<GetVersionQuery> {
  constructor(private readonly reads: SettingsReadService) {}

  async execute({ id }: GetVersionQuery): Promise<VersionAnswer> {
    const version = id.length <= ID_MAX_LENGTH && !id.includes('\u0000') ? await this.reads.getVersion(id) : null;
    if (!version) throw new DomainError('NOT_FOUND', SNAPSHOT_NOT_FOUND, { snapshotId: id });
    return { version, error: null };
  }
}
