import { Command } from '@nestjs/cqrs';
import type { SettingsRecord } from '@punchline/domain';
import type { SiteCommandContext } from '../settings-request';

export interface SaveDraftResult {
  /** The draft after the save: draft merged over live, editor reading. */
  data: SettingsRecord;
  error: null;
}

/** PUT /api/settings?stage=draft: the whole record as received; the domain validates and normalises it. */
export class SaveDraftCommand extends Command<SaveDraftResult> {
  constructor(
    readonly context: SiteCommandContext,
    readonly settings: unknown,
  ) {
    super();
  }
}
