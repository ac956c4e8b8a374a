import { IsIn, IsOptional } from 'class-validator';
import { SETTINGS_TEXTS } from '../settings-texts';

export class GetSettingsRequestDto {
  @IsOptional()
  @IsIn(['live', 'draft'], { message: SETTINGS_TEXTS.stageLiveOrDraft })
  stage?: 'live' | 'draft';
}
