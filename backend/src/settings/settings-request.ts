import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, ValidationPipe } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '@punchline/domain';
import { ErrorBodyFilter } from '../platform/http/domain-error.filter';
import { SETTINGS_TEXTS } from './settings-texts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who issues a site command and which request ties its events together. */
export interface SiteCommandContext {
  actorEmail: string;
  correlationId: string;
}

/** The signed-in admin of a guarded route (the global admin guard has already let it through). */
export function siteCommandContext(req: Request): SiteCommandContext {
  const email = req.session?.user?.email;
  if (!email) throw new DomainError('UNAUTHENTICATED', 'Sign in required.');
  const header = req.headers['x-correlation-id'];
  return { actorEmail: email, correlationId: typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : randomUUID() };
}

/** Query strings and small bodies: class-validator DTOs; unknown keys (cache busters) are dropped, not refused. */
export const settingsValidation = new ValidationPipe({
  transform: true,
  whitelist: true,
  transformOptions: { enableImplicitConversion: true },
});

/** JSON bodies: types as sent (no conversion); unknown keys dropped. */
export const settingsBodyValidation = new ValidationPipe({ transform: true, whitelist: true });

/**
 * SPEC §6: on lock calls a 403 reads 'Admin access required to edit draft.'. The deny-by-default
 * guard stays in charge; this filter, bound to those controllers, only rewords its 403.
 */
@Catch()
export class DraftEditAccessFilter implements ExceptionFilter {
  private readonly body = new ErrorBodyFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const reworded =
      exception instanceof DomainError && exception.code === 'FORBIDDEN' ? new DomainError('FORBIDDEN', SETTINGS_TEXTS.adminRequiredToEditDraft) : exception;
    this.body.catch(reworded, host);
  }
}
