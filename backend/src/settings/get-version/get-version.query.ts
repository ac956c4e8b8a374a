import { Query } from '@nestjs/cqrs';
import type { SettingsVersionWithSettings } from '../settings-read.service';

export interface VersionAnswer {
  version: SettingsVersionWithSettings;
  error: null;
}

/** GET /api/settings/versions/:id: one snapshot with its stored settings (what the publish dialog compares with live). */
export class GetVersionQuery extends Query<VersionAnswer> {
  constructor(readonly id: string) {
    super();
  }
}
