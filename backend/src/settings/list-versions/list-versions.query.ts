import { Query } from '@nestjs/cqrs';
import type { SettingsVersionView } from '@punchline/domain';

export interface VersionsAnswer {
  versions: SettingsVersionView[];
}

/** GET /api/settings/versions?limit=20[&stage=draft]: snapshots, newest first. */
export class ListVersionsQuery extends Query<VersionsAnswer> {
  constructor(
    readonly limit: number | undefined,
    readonly stage: string | undefined,
  ) {
    super();
  }
}
