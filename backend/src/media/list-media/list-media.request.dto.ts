import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { MEDIA_SORTS, type MediaSort, type SortDirection } from '../media-files.read';

/** SPEC §7: ?sort=updated_at|name|size&direction=asc|desc&q= */
export class ListMediaRequestDto {
  @IsOptional()
  @IsIn(MEDIA_SORTS, { message: `sort must be one of ${MEDIA_SORTS.join(', ')}` })
  sort?: MediaSort;

  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'direction must be asc or desc' })
  direction?: SortDirection;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}
