import { Command } from '@nestjs/cqrs';
import type { LockReleaseReason } from '@punchline/domain';
import type { LockAnswer } from '../get-lock/get-lock.query';
import type { AdminIssuer } from '../../platform/http/request-context';

/** POST /api/settings/lock/release: a no-op unless the caller holds the lock (the close-page beacon fires regardless). */
export class ReleaseLockCommand extends Command<LockAnswer> {
  constructor(
    readonly context: AdminIssuer,
    readonly reason: LockReleaseReason | undefined,
  ) {
    super();
  }
}
