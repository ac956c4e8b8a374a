import type { HistoryStage } from '@punchline/domain';
import { IsHistoryStage, IsLogPosition } from '../history-input';

/** {position, stage}: the stage's record as of that point becomes the draft (DESIGN §13). */
export class RestoreFromHistoryRequestDto {
  @IsLogPosition()
  position!: number;

  @IsHistoryStage()
  stage!: HistoryStage;
}
