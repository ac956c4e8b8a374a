import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.allowed = new URL(config.publicBaseUrl).origin;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method)) return next();
    if (this.sameOrigin(req)) return next();
    res.status(403).json({ error: 'Cross-site request refused.' });
  }

  private sameOrigin(req: Request): boolean {
    const origin = req.headers.origin;
    if (origin) return origin === this.allowed;
    const site = req.headers['sec-fetch-site'];
    if (site) return site === 'same-origin';
    return originOf(req.headers.referer) === this.allowed;
  }
}
