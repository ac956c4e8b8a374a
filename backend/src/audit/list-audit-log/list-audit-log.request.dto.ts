import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** SPEC §9: the screen offers 25/50/100/200/500; the server takes any whole number up to 500. Default 100. */
export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;
const limitText = `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}.`;

/** SPEC §7: ?limit&actor&action&q&direction=asc. */
export class ListAuditLogRequestDto {
  @IsOptional()
  @IsInt({ message: limitText })
  @Min(1, { message: limitText })
  @Max(AUDIT_MAX_LIMIT, { message: limitText })
  limit?: number;

  @IsOptional()
  @MaxLength(320, { message: 'actor must be at most 320 characters.' })
  @IsString({ message: 'actor must be text.' })
  actor?: string;

  @IsOptional()
  @MaxLength(100, { message: 'action must be at most 100 characters.' })
  @IsString({ message: 'action must be text.' })
  action?: string;

  @IsOptional()
  @MaxLength(200, { message: 'q must be at most 200 characters.' })
  @IsString({ message: 'q must be text.' })
  q?: string;

  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'direction must be asc or desc.' })
  direction?: 'asc' | 'desc';

  /** Issue 10: content=1 hides lock, sign-in and delivery traffic. */
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'], { message: 'content must be 1 or 0.' })
  content?: string;
}
