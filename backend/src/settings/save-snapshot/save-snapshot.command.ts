import { Command } from '@nestjs/cqrs';
import type { SettingsVersionView } from '@punchline/domain';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface SaveSnapshotResult {
  version: SettingsVersionView;
  error: null;
}

/** POST /api/settings/versions: snapshots the draft as it reads now (draft merged over live). */
export class SaveSnapshotCommand extends Command<SaveSnapshotResult> {
  constructor(
    readonly context: AdminIssuer,
    readonly label: string | null,
  ) {
    super();
  }
}
