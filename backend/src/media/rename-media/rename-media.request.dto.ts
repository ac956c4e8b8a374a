import { IsString, MaxLength } from 'class-validator';
import { MEDIA_PATH_MAX_LENGTH } from '@punchline/domain';

/** SPEC §7: {fromPath, toName}. */
export class RenameMediaRequestDto {
  @IsString({ message: 'fromPath must be a string' })
  @MaxLength(MEDIA_PATH_MAX_LENGTH)
  fromPath!: string;

  @IsString({ message: 'toName must be a string' })
  @MaxLength(300)
  toName!: string;
}
