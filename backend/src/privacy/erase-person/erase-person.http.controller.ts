import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { EraseAnswer } from '@punchline/domain';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { PrivacyService } from '../privacy.service';
import { ErasePersonRequestDto } from './erase-person.request.dto';

@ApiTags('privacy')
@Controller('api/admin/privacy/erase')
export class ErasePersonHttpController {
  constructor(private readonly privacy: PrivacyService) {}

  /**
   * DESIGN §16: {email} → {erased: {messages: n}} once the data is gone from the store and its files
   * (PersonalDataErased, opaque ids only). Asking again answers the same and records nothing.
   */
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } })
  @ApiOkResponse({ description: '{erased: {messages}}' })
  erase(@Actor() actor: AdminIssuer, @Body() { email }: ErasePersonRequestDto): Promise<EraseAnswer> {
    return this.privacy.erase(actor, email);
  }
}
