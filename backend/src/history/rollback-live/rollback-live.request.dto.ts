import { IsLogPosition } from '../history-input';

/** {position}: a point where live was published (DESIGN §13). */
export class RollbackLiveRequestDto {
  @IsLogPosition()
  position!: number;
}
