import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The refusal names the origin changes are taken from: a site opened at another address of the same
 * machine (127.0.0.1 for localhost, a new domain before PUBLIC_BASE_URL follows it) otherwise fails
 * every form with no hint why. That origin is the site's public address, nothing to hide.
 */
export function crossSiteRefusal(allowedOrigin: string): string {
  return `Cross-site request refused: changes are taken only from pages of ${allowedOrigin} (PUBLIC_BASE_URL).`;
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence (DESIGN §8, issue 24 point 6): a mutation must come from PUBLIC_BASE_URL's origin.
 * - `Origin` present: it must be exactly that origin; `null` (a sandboxed frame, a data: page, a
 *   cross-origin redirect) never is, whatever the Referer says.
 * - `Origin` absent: `Sec-Fetch-Site` decides when the browser sends it (only `same-origin`);
 *   a browser without Fetch Metadata is judged by its `Referer` (docs/auth.md).
 * Nothing to judge by → refused. It runs before the session is even loaded, so a refused request
 * changes nothing.
 */
@Injectable()
export class SameOriginMiddleware implements NestMiddleware {
  private readonly allowed: string;
  private readonly refusal: string;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.allowed = new URL(config.publicBaseUrl).origin;
    this.refusal = crossSiteRefusal(this.allowed);
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method)) return next();
    if (this.sameOrigin(req)) return next();
    res.status(403).json({ error: this.refusal });
  }

  private sameOrigin(req: Request): boolean {
    const origin = req.headers.origin;
    if (origin) return origin === this.allowed;
    const site = req.headers['sec-fetch-site'];
    if (site) return site === 'same-origin';
    return originOf(req.headers.referer) === this.allowed;
  }
}
