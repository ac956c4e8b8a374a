import { IsString, MaxLength } from 'class-validator';
import { MEDIA_PATH_MAX_LENGTH } from '@punchline/domain';

/** SPEC §7: {path}. */
export class DeleteMediaRequestDto {
  @IsString({ message: 'path must be a string' })
  @MaxLength(MEDIA_PATH_MAX_LENGTH)
  path!: string;
}
