import { AUDIT_LOCK_VIEWS, AUDIT_ACTION_MAX_LENGTH, AUDIT_ACTOR_MAX_LENGTH, AUDIT_MAX_LIMIT, AUDIT_SEARCH_MAX_LENGTH } from '@punchline/domain';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FromDigits } from '../../platform/http/validation';

const limitText = `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}.`;

/** SPEC §7: ?limit&actor&action&q&direction=asc. */
export class ListAuditLogRequestDto {
  @IsOptional()
  @FromDigits()
  @IsInt({ message: limitText })
  @Min(1, { message: limitText })
  @Max(AUDIT_MAX_LIMIT, { message: limitText })
  limit?: number;

  @IsOptional()
  @MaxLength(AUDIT_ACTOR_MAX_LENGTH, { message: `actor must be at most ${AUDIT_ACTOR_MAX_LENGTH} characters.` })
  @IsString({ message: 'actor must be text.' })
  actor?: string;

  @IsOptional()
  @MaxLength(AUDIT_ACTION_MAX_LENGTH, { message: `action must be at most ${AUDIT_ACTION_MAX_LENGTH} characters.` })
  @IsString({ message: 'action must be text.' })
  action?: string;

  @IsOptional()
  @MaxLength(AUDIT_SEARCH_MAX_LENGTH, { message: `q must be at most ${AUDIT_SEARCH_MAX_LENGTH} characters.` })
  @IsString({ message: 'q must be text.' })
  q?: string;

  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'direction must be asc or desc.' })
  direction?: 'asc' | 'desc';

  /** Issue 10: content=1 hides lock, sign-in and delivery traffic. */
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'], { message: 'content must be 1 or 0.' })
  content?: string;

  /** Issue 25: 'folded' (default) shows a holding of the draft lock as one entry; 'each' lists every lock event. */
  @IsOptional()
  @IsIn([...AUDIT_LOCK_VIEWS], { message: `locks must be ${AUDIT_LOCK_VIEWS.join(' or ')}.` })
  locks?: (typeof AUDIT_LOCK_VIEWS)[number];
}
