import { Query } from '@nestjs/cqrs';
import type { SettingsRecord } from '@punchline/domain';

/** GET /api/settings/preview: what the public home page renders in draft view (SPEC §2). */
export class GetPreviewQuery extends Query<SettingsRecord> {
  constructor(readonly viewerIsAdmin: boolean) {
    super();
  }
}
