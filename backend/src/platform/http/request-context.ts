import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { DomainError } from '@punchline/domain';
import type { CommandIssuer } from '../event-sourcing/aggregate-runner';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A signed-in admin's command: who, and which request ties its events together. */
export interface AdminIssuer extends CommandIssuer {
  actorEmail: string;
}

/**
 * The issuer of a command made by this request: `actorEmail` as given (null for a visitor), and the
 * client's X-Correlation-Id when it sent a valid one, so its calls can be tied together in the log.
 */
export function requestIssuer(req: Request, actorEmail: string | null): CommandIssuer {
  const header = req.headers['x-correlation-id'];
  return { actorEmail, correlationId: typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : randomUUID(), causationId: null };
}

/** The signed-in admin of a guarded route (the global admin guard has already let it through). */
export function adminIssuer(req: Request): AdminIssuer {
  const email = req.session?.user?.email;
  if (!email) throw new DomainError('UNAUTHENTICATED', 'Sign in required.');
  return { ...requestIssuer(req, email), actorEmail: email };
}

/** `@Actor() actor: AdminIssuer` in a controller: the one way a command learns who issues it. */
export const Actor = createParamDecorator((_: unknown, context: ExecutionContext): AdminIssuer => adminIssuer(context.switchToHttp().getRequest<Request>()));
