import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { AppConfig } from '../../platform/config/config';
import { DEFAULT_RETURN_TO, safeReturnTo } from '../return-to';

/** Long enough to choose an account and consent; a started sign-in older than this starts again. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export function oauthStateCookieName(config: Pick<AppConfig, 'production'>): string {
  return config.production ? '__Host-punchline.oauth' : 'punchline.oauth';
}

interface StatePayload {
  /** The `state` sent to the provider. */
  h: string;
  /** The PKCE code verifier. */
  v: string;
  /** Where to land afterwards. */
  r: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

/**
 * The OAuth `state` and PKCE verifier in a signed, short-lived, HttpOnly cookie instead of a
 * session row (issue 24 point 5): an anonymous `GET /api/auth/google` stores nothing on the
 * server. The cookie is SameSite=Lax so the provider's top-level redirect back carries it; the
 * HMAC (the session secret) means only this site can have written it, the expiry bounds a replay, and
 * the callback clears it whatever the outcome. passport-oauth2 calls `store`/`verify` (its state
 * store interface, PKCE flavour).
 */
export class OAuthStateCookieStore {
  private readonly name: string;

  constructor(
    private readonly config: Pick<AppConfig, 'production'>,
    /** The session secret (SESSION_SECRET, or the one instances share through the database). */
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.name = oauthStateCookieName(config);
  }

  store(req: Request, verifier: string, state: { returnTo?: string } | undefined, _meta: unknown, callback: (error: Error | null, handle?: string) => void): void {
    const payload: StatePayload = { h: randomBytes(24).toString('base64url'), v: verifier, r: safeReturnTo(state?.returnTo ?? DEFAULT_RETURN_TO), e: this.now() + OAUTH_STATE_TTL_MS };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    req.res!.append('Set-Cookie', this.cookie(`${body}.${this.sign(body)}`, OAUTH_STATE_TTL_MS / 1000));
    callback(null, payload.h);
  }

  verify(req: Request, providedState: string, callback: (error: Error | null, verifier: string | false, state?: { returnTo: string } | { message: string }) => void): void {
    // One use: cleared whatever the outcome.
    req.res!.append('Set-Cookie', this.cookie('', 0));
    const payload = this.read(req);
    if (!payload) return callback(null, false, { message: 'Unable to verify authorization request state.' });
    if (typeof providedState !== 'string' || !safeEqual(payload.h, providedState)) return callback(null, false, { message: 'Invalid authorization request state.' });
    callback(null, payload.v, { returnTo: payload.r });
  }

  private read(req: Request): StatePayload | null {
    const raw = cookieValue(req.headers.cookie, this.name);
    const dot = raw?.indexOf('.') ?? -1;
    if (!raw || dot < 0) return null;
    const body = raw.slice(0, dot);
    if (!safeEqual(raw.slice(dot + 1), this.sign(body))) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
      if (typeof payload.h !== 'string' || typeof payload.v !== 'string' || typeof payload.r !== 'string' || typeof payload.e !== 'number') return null;
      return payload.e > this.now() ? payload : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(`oauth-state.${body}`).digest('base64url');
  }

  private cookie(value: string, maxAgeSeconds: number): string {
    return `${this.name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${this.config.production ? '; Secure' : ''}`;
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
