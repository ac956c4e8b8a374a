import { Injectable, NestMiddleware } from '@nestjs/common';
import { CONTACT_TEXTS } from '@punchline/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RateLimitCounters } from '../../platform/shared-state/rate-limit-store';
import { formOutcomeLocation, isFormPost } from './submit-contact-message.http.controller';

/** Per client address: plenty for a person, useless for a flood. Counted in the database, so it holds across instances. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

@Injectable()
export class ContactRateLimitMiddleware implements NestMiddleware {
  private readonly limiter: RequestHandler;

  constructor(counters: RateLimitCounters) {
    this.limiter = rateLimit({
      ...CONTACT_RATE_LIMIT,
      store: counters.store('contact'),
      // A trusted proxy may forward anything as the client's address ('unknown', a typo): bucket it
      // under what was sent (a proxy issue, not the visitor's) rather than log a validation error per request.
      validate: { ip: false },
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (req, res) => {
        if (isFormPost(req)) res.redirect(303, formOutcomeLocation(false));
        else res.status(429).json({ error: CONTACT_TEXTS.rateLimited });
      },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.limiter(req, res, next);
  }
}
