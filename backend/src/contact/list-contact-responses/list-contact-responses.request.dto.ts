import { CONTACT_LIST_MAX_LIMIT, CONTACT_SEARCH_MAX_LENGTH, CONTACT_SORTS, type ContactSort } from '@punchline/domain';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FromDigits } from '../../platform/http/validation';

const limitText = `limit must be a whole number from 1 to ${CONTACT_LIST_MAX_LIMIT}.`;

/** SPEC §7: ?limit&sort=newest|oldest&q&responded=true|false&format=csv. */
export class ListContactResponsesRequestDto {
  /** The screen offers 25/50/100/200/500 (SPEC §9); the badge asks for 1. Default 50. */
  @IsOptional()
  @FromDigits()
  @IsInt({ message: limitText })
  @Min(1, { message: limitText })
  @Max(CONTACT_LIST_MAX_LIMIT, { message: limitText })
  limit?: number;

  @IsOptional()
  @IsIn(CONTACT_SORTS, { message: `sort must be one of ${CONTACT_SORTS.join(', ')}.` })
  sort?: ContactSort;

  @IsOptional()
  @MaxLength(CONTACT_SEARCH_MAX_LENGTH, { message: `q must be at most ${CONTACT_SEARCH_MAX_LENGTH} characters.` })
  @IsString({ message: 'q must be text.' })
  q?: string;

  /** Text, not boolean: implicit conversion would read 'false' as true. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'responded must be true or false.' })
  responded?: 'true' | 'false';

  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv.' })
  format?: 'json' | 'csv';
}
