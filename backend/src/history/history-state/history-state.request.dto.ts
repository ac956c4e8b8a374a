import type { HistoryStage } from '@punchline/domain';
import { IsOptional } from 'class-validator';
import { IsHistoryStage, IsHistoryTime, IsLogPosition } from '../history-input';

/** ?stage=live|draft&position=N or &at=<ISO-8601> (DESIGN §13); exactly one of the two, judged by the route. */
export class HistoryStateRequestDto {
  @IsHistoryStage()
  stage: HistoryStage = 'live';

  @IsOptional()
  @IsLogPosition()
  position?: number;

  @IsOptional()
  @IsHistoryTime()
  at?: string;
}
