import type { HistoryStage } from '@punchline/domain';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsHistoryStage, IsLogPosition } from '../history-input';

export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;
const BAD_LIMIT = `limit must be a whole number from 1 to ${HISTORY_MAX_LIMIT}.`;

/** ?stage=live|draft&limit=50&before=<position> (DESIGN §13). */
export class ListHistoryRequestDto {
  @IsHistoryStage()
  stage: HistoryStage = 'live';

  // The raw text, not the pipe's implicit number: "" must be refused, not read as 0.
  @Transform(({ obj }: { obj: Record<string, unknown> }) => (typeof obj.limit === 'string' && /^\d{1,4}$/.test(obj.limit) ? Number(obj.limit) : obj.limit))
  @IsInt({ message: BAD_LIMIT })
  @Min(1, { message: BAD_LIMIT })
  @Max(HISTORY_MAX_LIMIT, { message: BAD_LIMIT })
  limit: number = HISTORY_DEFAULT_LIMIT;

  @IsOptional()
  @IsLogPosition('before')
  before?: number;
}
