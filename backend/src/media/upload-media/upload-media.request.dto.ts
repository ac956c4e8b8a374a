import { IsIn, IsOptional } from 'class-validator';

/** ?duplicate=keep: upload identical bytes again under a new name (the admin chose 'Upload a copy anyway'). */
export class UploadMediaRequestDto {
  @IsOptional()
  @IsIn(['keep'], { message: 'duplicate must be keep when given.' })
  duplicate?: 'keep';
}
