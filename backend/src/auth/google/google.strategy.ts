import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import { PassportStrategy } from '@nestjs/passport';
import { Passport } from 'passport';
import { type Profile, Strategy } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import type { AppConfig } from '../../platform/config/config';
import { OAuthStateCookieStore } from './oauth-state-cookie';

/** How long the provider may stay silent on a call (connecting, or between bytes) before the sign-in fails. */
export const PROVIDER_SILENCE_MS = 10_000;

/**
 * An agent whose connections end with an error after PROVIDER_SILENCE_MS without a byte: the
 * request then fails (passport's callback gets the error: "sign-in failed", never a hang).
 */
function silentProviderAgent(secure: boolean): HttpAgent {
  const agent = secure ? new HttpsAgent() : new HttpAgent();
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (...args: Parameters<HttpAgent['createConnection']>) => {
    const socket = connect(...args) as Socket;
    socket.setTimeout(PROVIDER_SILENCE_MS, () => socket.destroy(new Error(`The sign-in provider did not answer within ${PROVIDER_SILENCE_MS / 1000} s`)));
    return socket;
  };
  return agent;
}

/** What the provider told us about the person; the sign-in decision happens in domain/. */
export interface ProviderIdentity {
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * Strategies are registered here instead of on passport's global instance: two apps in one process
 * (tests, with different callback URLs) must never overwrite each other's 'google'. Callers hand
 * the strategy object itself to `authenticate`, so no name lookup happens.
 */
export const passportRegistry = new Passport();

/**
 * Google sign-in (authorization code + PKCE); URLs overridable (DESIGN §10). `state`, the PKCE
 * verifier and where to return live in a signed cookie (`OAuthStateCookieStore`), not a session.
 */
export class GoogleStrategy extends PassportStrategy(Strategy) {
  constructor(config: AppConfig, sessionSecret: string) {
    super({
      clientID: config.google.clientId!,
      clientSecret: config.google.clientSecret!,
      callbackURL: `${config.publicBaseUrl}/api/auth/google/callback`,
      authorizationURL: config.google.authorizationUrl,
      tokenURL: config.google.tokenUrl,
      userProfileURL: config.google.userInfoUrl,
      scope: ['openid', 'email', 'profile'],
      pkce: true,
      // passport-oauth2 calls the PKCE form of a state store (store with 5 arguments), which its types do not describe.
      store: new OAuthStateCookieStore(config, sessionSecret) as unknown as StateStore,
    });
    // The OAuth2 client under passport sets no timeout: a provider (or a proxy on the way) that took
    // the connection and never answered held the person's sign-in, and a socket, for ever. Its
    // public setAgent takes one agent for both calls (token, userinfo); they share a protocol but
    // in a hand-made development set-up, which then goes without the deadline.
    const protocol = new URL(config.google.tokenUrl).protocol;
    if (new URL(config.google.userInfoUrl).protocol === protocol) {
      (this as unknown as { _oauth2: { setAgent(agent: HttpAgent): void } })._oauth2.setAgent(silentProviderAgent(protocol === 'https:'));
    }
  }

  // Called by @nestjs/passport's mixin while constructing; replaces the global passport instance.
  getPassportInstance(): InstanceType<typeof Passport> {
    return passportRegistry;
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): ProviderIdentity {
    const json = (profile._json ?? {}) as { email?: unknown; email_verified?: unknown; name?: unknown; picture?: unknown };
    return {
      email: typeof json.email === 'string' ? json.email : null,
      // Google sends a boolean; some OpenID providers send the string "true".
      emailVerified: json.email_verified === true || json.email_verified === 'true',
      name: typeof json.name === 'string' ? json.name : (profile.displayName ?? null),
      picture: typeof json.picture === 'string' ? json.picture : null,
    };
  }
}

export const GOOGLE_STRATEGY = Symbol('GOOGLE_STRATEGY');

export interface PassportOutcome {
  error: unknown;
  identity: ProviderIdentity | null;
  info: unknown;
}

/**
 * Runs the strategy for one request. The first leg redirects to the provider (resolves
 * 'responded'); the callback leg resolves with the outcome for the caller to act on.
 */
export function runGoogle(
  strategy: GoogleStrategy,
  req: unknown,
  res: { once(event: 'finish', fn: () => void): unknown },
  options: { prompt?: 'select_account'; state?: { returnTo: string } } = {},
): Promise<PassportOutcome | 'responded'> {
  return new Promise((resolve, reject) => {
    res.once('finish', () => resolve('responded'));
    const middleware = passportRegistry.authenticate(strategy, { session: false, ...options } as { session: false }, (error: unknown, user: ProviderIdentity | false, info: unknown) =>
      resolve({ error, identity: user || null, info }),
    );
    middleware(req, res, (err?: unknown) => (err ? reject(err) : resolve({ error: null, identity: null, info: null })));
  });
}
