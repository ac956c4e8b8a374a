import { Body, Controller, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { AccessStream } from '../access-stream';
import type { AllowlistResponse } from '../get-allowlist/get-allowlist.http.controller';
import { ChangeAllowlistRequestDto } from './change-allowlist.request.dto';

@ApiTags('admin access')
@Controller('api/admin/allowlist')
export class ChangeAllowlistHttpController {
  constructor(private readonly access: AccessStream) {}

  /** SPEC §7: PUT {emails} replaces the editable allowlist and answers both lists as they now stand; 400 with the SPEC §5 texts. */
  @Put()
  @ApiBody({ schema: { type: 'object', properties: { emails: { type: 'array', items: { type: 'string' } } }, required: ['emails'] } })
  @ApiOkResponse({ description: '{editable, env}' })
  async put(@Actor() actor: AdminIssuer, @Body() { emails }: ChangeAllowlistRequestDto): Promise<AllowlistResponse> {
    const envEmails = this.access.envEmails;
    const { state } = await this.access.execute(actor, { type: 'ChangeAllowlist', data: { emails, envEmails, actorEmail: actor.actorEmail } });
    return { editable: [...state.editable], env: [...envEmails] };
  }
}
