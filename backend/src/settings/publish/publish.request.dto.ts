import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** SPEC §7 leaves the body open: {snapshotId?} picks one of the recent draft snapshots (SPEC §4). */
export class PublishRequestDto {
  @IsOptional()
  @IsString({ message: 'snapshotId must be a string.' })
  @IsNotEmpty({ message: 'snapshotId must not be empty.' })
  snapshotId?: string | null;
}
