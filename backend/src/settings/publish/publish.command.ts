import { Command } from '@nestjs/cqrs';
import type { SettingsRecord } from '@punchline/domain';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface PublishResult {
  /** The new live settings, public reading. */
  data: SettingsRecord;
  /** Live version (global position of the Published event). */
  version: number;
  error: null;
}

/** POST /api/settings/publish: publishes the chosen draft snapshot, or the current draft when none is given. */
export class PublishCommand extends Command<PublishResult> {
  constructor(
    readonly context: AdminIssuer,
    readonly snapshotId: string | null,
  ) {
    super();
  }
}
