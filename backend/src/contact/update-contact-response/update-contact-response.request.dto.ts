import { CONTACT_RESPONSE_TEXTS } from '@punchline/domain';
import { IsBoolean, IsString, ValidateIf } from 'class-validator';

/**
 * SPEC §7: {responded} or {notes}. ValidateIf instead of IsOptional: null is a wrong type here, not
 * an absent field. Lengths are the decider's rule (it counts characters).
 */
export class UpdateContactResponseRequestDto {
  @ValidateIf((body: UpdateContactResponseRequestDto) => body.responded !== undefined)
  @IsBoolean({ message: CONTACT_RESPONSE_TEXTS.respondedNotBoolean })
  responded?: boolean;

  @ValidateIf((body: UpdateContactResponseRequestDto) => body.notes !== undefined)
  @IsString({ message: CONTACT_RESPONSE_TEXTS.notesNotText })
  notes?: string;
}
