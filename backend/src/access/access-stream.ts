import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_STREAM, type AccessCommand, type AccessEvent, type AllowlistState, accessDecider, isAdminEmail, isAuditorEmail } from '@punchline/domain';
import { type AggregateRunner, AggregateRunners, type CommandIssuer, type CommandOutcome } from '../platform/event-sourcing/aggregate-runner';
import { CONFIG } from '../platform/platform.module';
import type { AppConfig } from '../platform/config/config';

/**
 * The access aggregate (allowlist and sign-in traffic) through the one aggregate runner, cached.
 * Chosen over a read model because "is this an admin?" is a decision (DESIGN §1): it must see a
 * removal committed by any instance, without waiting for a projector. Catching up is one indexed
 * query that normally returns no rows, made on every guarded request without queueing behind commands.
 */
@Injectable()
export class AccessStream {
  private readonly runner: AggregateRunner<AllowlistState, AccessCommand, AccessEvent>;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    runners: AggregateRunners,
  ) {
    this.runner = runners.create({ decider: accessDecider, name: 'access', staleRevisionText: 'The allowlist changed at the same time; try again.', cache: true });
  }

  /** ADMIN_EMAILS, lower-cased: the fixed part of the allowlist. */
  get envEmails(): string[] {
    return this.config.adminEmails;
  }

  /** AUDITOR_EMAILS, lower-cased: the fixed part of the auditor list (DESIGN §15). */
  get envAuditorEmails(): string[] {
    return this.config.auditorEmails;
  }

  current(): Promise<AllowlistState> {
    return this.runner.peek(ACCESS_STREAM);
  }

  /** Decided on every request: removal from the allowlist takes effect on the next one (SPEC §6). */
  async isAdmin(email: string | null | undefined): Promise<boolean> {
    if (!email) return false;
    return isAdminEmail(await this.current(), this.envEmails, email);
  }

  /** A read-only auditor who is not also an admin (an admin's rights include an auditor's). */
  async isAuditor(email: string | null | undefined): Promise<boolean> {
    if (!email) return false;
    const state = await this.current();
    return !isAdminEmail(state, this.envEmails, email) && isAuditorEmail(state, this.envAuditorEmails, email);
  }

  /** Decides, appends and answers once the read side shows it. */
  execute(issuer: CommandIssuer, command: AccessCommand): Promise<CommandOutcome<AllowlistState, AccessEvent>> {
    return this.runner.execute(ACCESS_STREAM, issuer, () => command);
  }
}
