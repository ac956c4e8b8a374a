import { PRIVACY_TEXTS } from '@punchline/domain';
import { IsString } from 'class-validator';

/** {email}: the address whose data goes; its form is judged with the subject-access rule (privacy.service). */
export class ErasePersonRequestDto {
  @IsString({ message: PRIVACY_TEXTS.emailRequired })
  email!: string;
}
