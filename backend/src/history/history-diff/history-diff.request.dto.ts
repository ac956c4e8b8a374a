import type { HistoryStage } from '@punchline/domain';
import { IsHistoryStage, IsLogPosition } from '../history-input';

/** ?stage=live|draft&from=N&to=M (DESIGN §13). */
export class HistoryDiffRequestDto {
  @IsHistoryStage()
  stage: HistoryStage = 'live';

  @IsLogPosition('from')
  from!: number;

  @IsLogPosition('to')
  to!: number;
}
