import { Injectable } from '@nestjs/common';
import { type EventMetadata, decideChangeAllowlist } from '@punchline/domain';
import { AccessStream } from '../access-stream';
import type { AllowlistResponse } from '../get-allowlist/get-allowlist.http.controller';

export interface ChangeAllowlistCommand {
  emails: string[];
  actorEmail: string;
  meta: { eventId: string; metadata: EventMetadata };
}

/** Replaces the editable allowlist; answers with both lists as they now stand (SPEC §4, §7). */
@Injectable()
export class ChangeAllowlistHandler {
  constructor(private readonly access: AccessStream) {}

  async execute(command: ChangeAllowlistCommand): Promise<AllowlistResponse> {
    const envEmails = this.access.envEmails;
    await this.access.execute((state) => ({
      events: decideChangeAllowlist(state, { emails: command.emails, envEmails, actorEmail: command.actorEmail }, command.meta),
      result: null,
    }));
    const state = await this.access.current();
    return { editable: [...state.editable], env: [...envEmails] };
  }
}
