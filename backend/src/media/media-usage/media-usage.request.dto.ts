import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MEDIA_PATH_MAX_LENGTH } from '@punchline/domain';

export class MediaUsageRequestDto {
  @IsOptional()
  @IsString()
  @MaxLength(MEDIA_PATH_MAX_LENGTH)
  path?: string;
}
