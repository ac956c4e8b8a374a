import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type SignInDecision, type SignInMethod, normaliseEmail, signInDecision } from '@punchline/domain';
import { AccessStream } from '../../access';
import { Clock } from '../../platform/event-sourcing/clock';
import { requestIssuer } from '../../platform/http/request-context';
import type { ProviderIdentity } from '../google/google.strategy';
import { DEFAULT_RETURN_TO, safeReturnTo } from '../return-to';
import { destroySession, regenerateSession, saveSession } from '../sessions/session-data';
import { SessionTimeout } from '../sessions/session-timeout';

export interface SignInOutcome {
  decision: SignInDecision;
  /** Same-origin path for the browser to land on. */
  redirectTo: string;
}

/**
 * Records the attempt on the access stream, then opens a session under a NEW id (no session
 * fixation) for a verified email. Admin or not is decided again on every later request.
 */
@Injectable()
export class SignInHandler {
  constructor(
    private readonly access: AccessStream,
    private readonly timeout: SessionTimeout,
    private readonly clock: Clock,
  ) {}

  async execute(req: Request, identity: ProviderIdentity, method: SignInMethod): Promise<SignInOutcome> {
    const returnTo = safeReturnTo(req.session?.returnTo ?? DEFAULT_RETURN_TO);
    const attempt = { ...identity, method, envEmails: this.access.envEmails, envAuditorEmails: this.access.envAuditorEmails };
    const issuer = requestIssuer(req, identity.email ? normaliseEmail(identity.email) : null);
    const { events } = await this.access.execute(issuer, { type: 'RecordSignIn', data: attempt });
    const decision = signInDecision(attempt, events[0]!);
    if (!decision.user) {
      // Nothing to keep: the pre-sign-in session (it held `state`) goes entirely.
      await destroySession(req);
      return { decision, redirectTo: `${DEFAULT_RETURN_TO}?signin=${decision.reason}` };
    }
    await regenerateSession(req);
    req.session.user = decision.user;
    req.session.signedInAt = this.clock.now().toISOString();
    await this.timeout.apply(req);
    await saveSession(req);
    return { decision, redirectTo: returnTo };
  }
}
