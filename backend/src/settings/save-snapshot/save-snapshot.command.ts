import { Command } from '@nestjs/cqrs';
import type { SettingsVersionView } from '../settings-read.service';
import type { SiteCommandContext } from '../settings-request';

export interface SaveSnapshotResult {
  version: SettingsVersionView;
  error: null;
}

/** POST /api/settings/versions: snapshots the draft as it reads now (draft merged over live). */
export class SaveSnapshotCommand extends Command<SaveSnapshotResult> {
  constructor(
    readonly context: SiteCommandContext,
    readonly label: string | null,
  ) {
    super();
  }
}
