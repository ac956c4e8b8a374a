import { Injectable } from '@nestjs/common';
import { AccessStream } from '../access-stream';
import type { AllowlistResponse } from '../get-allowlist/get-allowlist.http.controller';
import type { AdminIssuer } from '../../platform/http/request-context';

/** Replaces the editable allowlist; answers with both lists as they now stand (SPEC §4, §7). */
@Injectable()
export class ChangeAllowlistHandler {
  constructor(private readonly access: AccessStream) {}

  async execute(actor: AdminIssuer, emails: string[]): Promise<AllowlistResponse> {
    const envEmails = this.access.envEmails;
    const { state } = await this.access.execute(actor, { type: 'ChangeAllowlist', data: { emails, envEmails, actorEmail: actor.actorEmail } });
    return { editable: [...state.editable], env: [...envEmails] };
  }
}
