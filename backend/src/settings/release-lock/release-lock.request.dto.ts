import { IsIn, IsOptional } from 'class-validator';
import { LOCK_RELEASE_REASONS, type LockReleaseReason } from '@punchline/domain';

/** Usually empty (SPEC §7: the beacon sends an empty JSON body); a reason only makes the audit trail clearer. */
export class ReleaseLockRequestDto {
  @IsOptional()
  @IsIn(LOCK_RELEASE_REASONS as unknown as string[], { message: `reason must be one of ${LOCK_RELEASE_REASONS.join(', ')}.` })
  reason?: LockReleaseReason;
}
