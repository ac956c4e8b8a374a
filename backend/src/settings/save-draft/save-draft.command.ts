import { Command } from '@nestjs/cqrs';
import type { SettingsRecord } from '@punchline/domain';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface SaveDraftResult {
  /** The draft after the save: draft merged over live, editor reading. */
  data: SettingsRecord;
  error: null;
}

/** PUT /api/settings?stage=draft: the whole record as received; the domain validates and normalises it. */
export class SaveDraftCommand extends Command<SaveDraftResult> {
  constructor(
    readonly context: AdminIssuer,
    readonly settings: unknown,
  ) {
    super();
  }
}
