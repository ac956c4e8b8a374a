import { Body, Controller, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import type { AllowlistResponse } from '../get-allowlist/get-allowlist.http.controller';
import { ChangeAllowlistHandler } from './change-allowlist.handler';
import { parseChangeAllowlistRequest } from './change-allowlist.request.dto';

@ApiTags('admin access')
@Controller('api/admin/allowlist')
export class ChangeAllowlistHttpController {
  constructor(private readonly handler: ChangeAllowlistHandler) {}

  /** SPEC §7: PUT {emails} replaces the editable allowlist; 400 with the SPEC §5 texts. */
  @Put()
  @ApiBody({ schema: { type: 'object', properties: { emails: { type: 'array', items: { type: 'string' } } }, required: ['emails'] } })
  @ApiOkResponse({ description: '{editable, env}' })
  async put(@Actor() actor: AdminIssuer, @Body() body: unknown): Promise<AllowlistResponse> {
    const { emails } = parseChangeAllowlistRequest(body);
    return this.handler.execute(actor, emails);
  }
}
