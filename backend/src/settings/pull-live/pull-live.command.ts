import { Command } from '@nestjs/cqrs';
import type { SettingsRecord } from '@punchline/domain';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface DraftAnswer {
  /** The draft after the command: draft merged over live, editor reading. */
  data: SettingsRecord;
  error: null;
}

/** POST /api/settings/pull-live: the draft becomes live again; nothing is published (SPEC §4). */
export class PullLiveCommand extends Command<DraftAnswer> {
  constructor(readonly context: AdminIssuer) {
    super();
  }
}
