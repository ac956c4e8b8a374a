import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type SignInDecision, type SignInMethod, decideSignIn, normaliseEmail, signInDecision } from '@punchline/domain';
import { AccessStream } from '../../access';
import { Clock } from '../../platform/event-sourcing/clock';
import { requestIssuer } from '../../platform/http/request-context';
import type { ProviderIdentity } from '../google/google.strategy';
import { DEFAULT_RETURN_TO, safeReturnTo } from '../return-to';
import { destroySession, regenerateSession, saveSession } from '../sessions/session-data';
import { SessionTimeout } from '../sessions/session-timeout';
import { DeniedSignIns } from './denied-sign-ins';

export interface SignInOutcome {
  decision: SignInDecision;
  /** Same-origin path for the browser to land on. */
  redirectTo: string;
}

/**
 * Records the attempt on the access stream, then opens a session under a NEW id (no session
 * fixation) for a verified email. Admin or not is decided again on every later request.
 * A refusal is counted per address and email first (429 past the limits), and only the first of
 * a window is recorded at once; its repeats become one entry when the window ends (issue 24).
 */
@Injectable()
export class SignInHandler {
  constructor(
    private readonly access: AccessStream,
    private readonly timeout: SessionTimeout,
    private readonly clock: Clock,
    private readonly denied: DeniedSignIns,
  ) {}

  async execute(req: Request, identity: ProviderIdentity, method: SignInMethod, returnTo: string = DEFAULT_RETURN_TO): Promise<SignInOutcome> {
    const attempt = { ...identity, method, envEmails: this.access.envEmails, envAuditorEmails: this.access.envAuditorEmails };
    const issuer = requestIssuer(req, identity.email ? normaliseEmail(identity.email) : null);
    // Decided on the current allowlist first: a refusal may not be recorded at all.
    const [planned] = decideSignIn(await this.access.current(), attempt);
    let decision: SignInDecision;
    if (planned?.type === 'AdminSignInDenied') {
      await this.denied.count(req.ip, planned.data.email);
      decision = this.denied.firstOfWindow(req.ip, issuer, planned.data)
        ? signInDecision(attempt, (await this.access.execute(issuer, { type: 'RecordSignIn', data: attempt })).events[0]!)
        : signInDecision(attempt, planned);
    } else {
      const { events } = await this.access.execute(issuer, { type: 'RecordSignIn', data: attempt });
      decision = signInDecision(attempt, events[0]!);
    }
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
    return { decision, redirectTo: safeReturnTo(returnTo) };
  }
}
