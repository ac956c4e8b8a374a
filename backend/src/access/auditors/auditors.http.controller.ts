import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { AccessStream } from '../access-stream';
import { ChangeAuditorsRequestDto } from './auditors.request.dto';

/** The auditor lists (DESIGN §15): the editable one and the read-only AUDITOR_EMAILS. */
export interface AuditorsResponse {
  editable: string[];
  env: string[];
}

@ApiTags('admin access')
@Controller('api/admin/auditors')
export class AuditorsHttpController {
  constructor(private readonly access: AccessStream) {}

  /** Admins only: who may read the log without editing. */
  @Get()
  @ApiOkResponse({ description: '{editable, env}' })
  async get(): Promise<AuditorsResponse> {
    const state = await this.access.current();
    return { editable: [...state.auditors], env: [...this.access.envAuditorEmails] };
  }

  /** Admins only: PUT {emails} replaces the editable auditor list (audited as AuditorsChanged). */
  @Put()
  @ApiBody({ schema: { type: 'object', properties: { emails: { type: 'array', items: { type: 'string' } } }, required: ['emails'] } })
  @ApiOkResponse({ description: '{editable, env}' })
  async put(@Actor() actor: AdminIssuer, @Body() { emails }: ChangeAuditorsRequestDto): Promise<AuditorsResponse> {
    const envAuditorEmails = this.access.envAuditorEmails;
    const { state } = await this.access.execute(actor, { type: 'ChangeAuditors', data: { emails, envAuditorEmails } });
    return { editable: [...state.auditors], env: [...envAuditorEmails] };
  }
}
