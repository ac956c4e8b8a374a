import { randomUUID } from 'node:crypto';
import { ValidationPipe } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '@punchline/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Who issues an inbox command and which request ties its events together. */
export interface ContactCommandContext {
  actorEmail: string;
  correlationId: string;
}

/** The signed-in admin of a guarded route (the global admin guard has already let it through). */
export function contactCommandContext(req: Request): ContactCommandContext {
  const email = req.session?.user?.email;
  if (!email) throw new DomainError('UNAUTHENTICATED', 'Sign in required.');
  const header = req.headers['x-correlation-id'];
  return { actorEmail: email, correlationId: typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : randomUUID() };
}

/** Query strings: numbers arrive as text; unknown keys (cache busters) are dropped, not refused. */
export const contactQueryValidation = new ValidationPipe({
  transform: true,
  whitelist: true,
  // One message per bad parameter ('limit=ten' fails three rules that all say the same).
  stopAtFirstError: true,
  transformOptions: { enableImplicitConversion: true },
});

/** JSON bodies: types as sent (no conversion), so {responded: "true"} is refused; unknown keys dropped. */
export const contactBodyValidation = new ValidationPipe({ transform: true, whitelist: true, stopAtFirstError: true });
