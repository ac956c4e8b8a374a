import { IsInt, IsOptional } from 'class-validator';

/** The range (30..3600 s, default 300) is the domain's rule; here only the type. */
export class AcquireLockRequestDto {
  @IsOptional()
  @IsInt({ message: 'ttlSeconds must be a whole number of seconds.' })
  ttlSeconds?: number;
}
