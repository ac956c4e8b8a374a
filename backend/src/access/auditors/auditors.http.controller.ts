import { Body, Controller, Get, Injectable, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { DomainError } from '@punchline/domain';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { AccessStream } from '../access-stream';

/** The auditor lists (DESIGN §15): the editable one and the read-only AUDITOR_EMAILS. */
export interface AuditorsResponse {
  editable: string[];
  env: string[];
}

const changeAuditorsRequest = z.object({ emails: z.array(z.string()) });

/** Replaces the editable auditor list on the access stream (audited as AuditorsChanged). */
@Injectable()
export class ChangeAuditorsHandler {
  constructor(private readonly access: AccessStream) {}

  async execute(actor: AdminIssuer, emails: string[]): Promise<AuditorsResponse> {
    const envAuditorEmails = this.access.envAuditorEmails;
    const { state } = await this.access.execute(actor, { type: 'ChangeAuditors', data: { emails, envAuditorEmails } });
    return { editable: [...state.auditors], env: [...envAuditorEmails] };
  }
}

@ApiTags('admin access')
@Controller('api/admin/auditors')
export class AuditorsHttpController {
  constructor(
    private readonly access: AccessStream,
    private readonly change: ChangeAuditorsHandler,
  ) {}

  /** Admins only: who may read the log without editing. */
  @Get()
  @ApiOkResponse({ description: '{editable, env}' })
  async get(): Promise<AuditorsResponse> {
    const state = await this.access.current();
    return { editable: [...state.auditors], env: [...this.access.envAuditorEmails] };
  }

  /** Admins only: PUT {emails} replaces the editable auditor list. */
  @Put()
  @ApiBody({ schema: { type: 'object', properties: { emails: { type: 'array', items: { type: 'string' } } }, required: ['emails'] } })
  @ApiOkResponse({ description: '{editable, env}' })
  async put(@Actor() actor: AdminIssuer, @Body() body: unknown): Promise<AuditorsResponse> {
    const parsed = changeAuditorsRequest.safeParse(body);
    if (!parsed.success) throw new DomainError('INVALID_INPUT', 'Send {"emails": [...]} with the whole editable auditor list.');
    return this.change.execute(actor, parsed.data.emails);
  }
}
