import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** {at: ISO timestamp, snapshotId?: string | null}; the decider judges the time itself. */
export class SchedulePublishRequestDto {
  @IsString({ message: 'at must be an ISO timestamp such as 2031-06-12T18:00:00Z.' })
  @IsNotEmpty({ message: 'at must be an ISO timestamp such as 2031-06-12T18:00:00Z.' })
  @MaxLength(64, { message: 'at must be an ISO timestamp such as 2031-06-12T18:00:00Z.' })
  at!: string;

  @IsOptional()
  @IsString({ message: 'snapshotId must be a string or null.' })
  @MaxLength(200, { message: 'snapshotId is at most 200 characters.' })
  snapshotId?: string | null;
}
