import { Command } from '@nestjs/cqrs';
import type { LockAnswer } from '../get-lock/get-lock.query';
import type { AdminIssuer } from '../../platform/http/request-context';

/** POST /api/settings/lock/acquire: takes the lock, or refreshes it for its holder (SPEC §4: every 60 s, TTL 300 s). */
export class AcquireLockCommand extends Command<LockAnswer> {
  constructor(
    readonly context: AdminIssuer,
    readonly ttlSeconds: number | undefined,
  ) {
    super();
  }
}
