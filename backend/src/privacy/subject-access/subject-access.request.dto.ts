import { PRIVACY_TEXTS } from '@punchline/domain';
import { IsString } from 'class-validator';

/** ?email=<address>: one address (a repeated parameter is refused); its form is judged by privacy.service. */
export class SubjectAccessRequestDto {
  @IsString({ message: PRIVACY_TEXTS.emailRequired })
  email!: string;
}
