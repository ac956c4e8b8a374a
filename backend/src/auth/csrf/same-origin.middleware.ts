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
 * CSRF defence (DESIGN §8): a mutation must come from PUBLIC_BASE_URL's origin, read from `Origin`
 * or, when a browser omits it, from `Referer`. Neither present → refused; it runs before the
 * session is even loaded, so a refused request changes nothing.
 */
@Injectable()
export class SameOriginMiddleware implements NestMiddleware {
  private readonly allowed: string;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.allowed = new URL(config.publicBaseUrl).origin;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    if (origin === this.allowed) return next();
    res.status(403).json({ error: 'Cross-site request refused.' });
  }
}
