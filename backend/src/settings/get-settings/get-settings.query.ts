import { Query } from '@nestjs/cqrs';
import type { LiveSnapshot, StageSettings } from '../settings-read.service';

export type GetSettingsAnswer = { stage: 'live'; live: LiveSnapshot } | { stage: 'draft'; draft: StageSettings };

/** GET /api/settings?stage=…: the draft only for an admin; everyone else reads live (DESIGN §6). */
export class GetSettingsQuery extends Query<GetSettingsAnswer> {
  constructor(
    readonly stage: 'live' | 'draft',
    readonly viewerIsAdmin: boolean,
  ) {
    super();
  }
}
