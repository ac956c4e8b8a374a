import { Body, Controller, Header, Put, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { commandMeta } from '../request-metadata';
import type { AllowlistResponse } from '../get-allowlist/get-allowlist.http.controller';
import { ChangeAllowlistHandler } from './change-allowlist.handler';
import { parseChangeAllowlistRequest } from './change-allowlist.request.dto';

@ApiTags('admin access')
@Controller('api/admin/allowlist')
export class ChangeAllowlistHttpController {
  constructor(private readonly handler: ChangeAllowlistHandler) {}

  /** SPEC §7: PUT {emails} replaces the editable allowlist; 400 with the SPEC §5 texts. */
  @Put()
  @Header('Cache-Control', 'no-store')
  @ApiBody({ schema: { type: 'object', properties: { emails: { type: 'array', items: { type: 'string' } } }, required: ['emails'] } })
  @ApiOkResponse({ description: '{editable, env}' })
  async put(@Req() req: Request, @Body() body: unknown): Promise<AllowlistResponse> {
    const { emails } = parseChangeAllowlistRequest(body);
    // The guard guarantees an admin session here.
    const actorEmail = req.session.user!.email;
    return this.handler.execute({ emails, actorEmail, meta: commandMeta(req, actorEmail) });
  }
}
