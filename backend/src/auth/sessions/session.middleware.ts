import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { CONFIG, RUNTIME } from '../../platform/platform.module';
import type { Runtime } from '../../platform/runtime';
import type { AppConfig } from '../../platform/config/config';
import { SessionStoreService } from './session-store.service';
import { DEFAULT_SESSION_TIMEOUT_MINUTES, SessionTimeout } from './session-timeout';

/** Cookie name; the __Host- prefix (Secure, Path=/, no Domain) is only possible over HTTPS. */
export function sessionCookieName(config: AppConfig): string {
  return config.production ? '__Host-punchline.sid' : 'punchline.sid';
}

/**
 * Server-side sessions (DESIGN §8): express-session over a store on the Database port. Rolling:
 * every request with a session moves its expiry to now + the session timeout.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: RequestHandler;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(RUNTIME) runtime: Runtime,
    sessions: SessionStoreService,
    private readonly timeout: SessionTimeout,
  ) {
    this.handler = session({
      name: sessionCookieName(config),
      secret: runtime.sessionSecret,
      store: sessions.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      // Not 'destroy': when loading a session fails (the database away for a moment), express-session
      // ends that response with no req.session, and 'destroy' then deletes the stored session, so a
      // blip signed out every admin who made a request during it. Sign-out destroys explicitly.
      unset: 'keep',
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.production,
        path: '/',
        maxAge: (config.sessionTimeoutMinutes ?? DEFAULT_SESSION_TIMEOUT_MINUTES) * 60_000,
      },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.handler(req, res, (err?: unknown) => {
      if (err) return next(err);
      // The timeout is a live setting: apply the current value on every request.
      this.timeout.apply(req).then(() => next(), next);
    });
  }
}
