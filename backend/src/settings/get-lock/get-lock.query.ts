import { Query } from '@nestjs/cqrs';
import type { DraftLockView } from '@punchline/domain';

export interface LockAnswer {
  lock: DraftLockView | null;
  error: null;
}

/** GET /api/settings/lock: the active draft lock, judged at `now`. */
export class GetLockQuery extends Query<LockAnswer> {
  constructor(readonly now: Date) {
    super();
  }
}
