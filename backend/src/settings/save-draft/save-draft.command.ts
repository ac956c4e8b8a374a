import { Command } from '@nestjs/cqrs';
import type { MediaRenamedInSave, SettingsRecord } from '@punchline/domain';

export type { MediaRenamedInSave } from '@punchline/domain';
import type { AdminIssuer } from '../../platform/http/request-context';

export interface SaveDraftResult {
  /** The draft after the save: draft merged over live, editor reading. */
  data: SettingsRecord;
  error: null;
  /** Present when the save followed renames made while the editor held the old links. */
  media_renamed?: MediaRenamedInSave[];
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
