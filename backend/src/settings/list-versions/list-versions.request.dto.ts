import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { VERSION_LIST_MAX_LIMIT } from '@punchline/domain';
import { FromDigits } from '../../platform/http/validation';

export class ListVersionsRequestDto {
  /** SPEC §9: the dialog asks for 20. */
  @IsOptional()
  @FromDigits()
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: `limit must be from 1 to ${VERSION_LIST_MAX_LIMIT}.` })
  @Max(VERSION_LIST_MAX_LIMIT, { message: `limit must be from 1 to ${VERSION_LIST_MAX_LIMIT}.` })
  limit?: number;

  /** Snapshots are only ever of the draft (SPEC §4). */
  @IsOptional()
  @IsIn(['draft'], { message: "stage must be 'draft'." })
  stage?: 'draft';
}
