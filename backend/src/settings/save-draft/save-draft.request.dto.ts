import { Equals } from 'class-validator';
import { SETTINGS_TEXTS } from '../settings-texts';

/** Only the draft is ever written directly; live changes by publishing. The body is checked by the domain. */
export class SaveDraftRequestDto {
  @Equals('draft', { message: SETTINGS_TEXTS.onlyDraftSaved })
  stage!: 'draft';
}
