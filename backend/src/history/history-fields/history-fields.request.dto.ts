import type { HistoryStage } from '@punchline/domain';
import { IsHistoryStage } from '../history-input';

/** ?stage=live|draft (DESIGN §13). */
export class HistoryFieldsRequestDto {
  @IsHistoryStage()
  stage: HistoryStage = 'live';
}
