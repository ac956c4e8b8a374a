import type { HistoryStage } from '@punchline/domain';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { FromDigits } from '../../platform/http/validation';
import { IsHistoryStage, IsLogPosition } from '../history-input';

export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;
const BAD_LIMIT = `limit must be a whole number from 1 to ${HISTORY_MAX_LIMIT}.`;

/** ?stage=live|draft&limit=50&before=<position> (DESIGN §13). */
export class ListHistoryRequestDto {
  @IsHistoryStage()
  stage: HistoryStage = 'live';

  @FromDigits()
  @IsInt({ message: BAD_LIMIT })
  @Min(1, { message: BAD_LIMIT })
  @Max(HISTORY_MAX_LIMIT, { message: BAD_LIMIT })
  limit: number = HISTORY_DEFAULT_LIMIT;

  @IsOptional()
  @IsLogPosition('before')
  before?: number;
}
