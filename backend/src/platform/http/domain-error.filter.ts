import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, type ErrorCode, assertNever } from '@punchline/domain';
import { DATABASE_BUSY_TEXT, DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_TEXT, isDatabaseBusy, isDatabaseUnavailable } from '../database/database-unavailable';
import { STORAGE_FULL_TEXT, isStorageFull } from './storage-full';

/** The one place where stable domain error codes become HTTP statuses (DESIGN §8, §12.6). */
export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'INVALID_INPUT':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'STALE_REVISION':
    case 'CONFLICT':
      return 409;
    case 'TOO_LARGE':
      return 413;
    case 'LOCKED':
      return 423;
    case 'RATE_LIMITED':
      return 429;
    case 'NOT_ACCEPTABLE':
      return 406;
    case 'UNAVAILABLE':
      return 503;
    case 'STORAGE_FULL':
      return 507;
    default:
      return assertNever(code, 'error code');
  }
}

/**
 * Whether this filter answers the error as a condition the client can act on (a refusal, the
 * database away, a full disk) rather than as a bug (500): for routes that answer such conditions in
 * a form of their own, such as the contact form posted without JavaScript.
 */
export function isAnsweredCondition(error: unknown): boolean {
  return error instanceof DomainError || isDatabaseUnavailable(error) || isDatabaseBusy(error) || isStorageFull(error);
}

/** Every error leaves as `{ "error": "<human text>" }`; only genuine bugs become 500. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof DomainError) {
      // DESIGN §14: a write that cannot be stored is a 503 the client may retry, never a 500.
      // A write recorded but not yet shown must not be sent again (recordedNotYetShown).
      if (exception.code === 'UNAVAILABLE' && exception.details?.recorded !== true) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(statusOf(exception.code)).json({ error: exception.message, code: exception.code, ...(exception.details ?? {}) });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      res.status(status).json({ error: messageOf(body, exception.message) });
      return;
    }
    // Body parser errors (malformed JSON, too large) arrive as plain errors carrying a status.
    const status = (exception as { status?: number; statusCode?: number })?.status ?? (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const text = status === 413 ? 'Request body too large' : status === 400 ? 'Malformed request body' : (exception as Error).message;
      res.status(status).json({ error: text });
      return;
    }
    // DESIGN §14: an outage, or a statement the server cancelled (statement_timeout, lock_timeout, a
    // deadlock), is not a bug; its transaction did not commit, so the write may be retried.
    const retryText = isDatabaseUnavailable(exception) ? DATABASE_UNAVAILABLE_TEXT : isDatabaseBusy(exception) ? DATABASE_BUSY_TEXT : null;
    if (retryText) {
      this.logger.warn(`${retryText === DATABASE_BUSY_TEXT ? 'database busy' : 'database unavailable'}: ${exception instanceof Error ? exception.message : String(exception)}`);
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ error: retryText, code: 'UNAVAILABLE' });
      return;
    }
    if (isStorageFull(exception)) {
      // A full disk is the operator's to fix, not a bug: nothing was stored (writes go whole or not at all).
      this.logger.error(`storage full: ${exception instanceof Error ? exception.message : String(exception)}`);
      res.status(statusOf('STORAGE_FULL')).json({ error: STORAGE_FULL_TEXT, code: 'STORAGE_FULL' });
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ error: 'Internal server error' });
  }
}

function messageOf(body: string | object, fallback: string): string {
  if (typeof body === 'string') return body;
  const m = (body as { message?: unknown; error?: unknown }).message ?? (body as { error?: unknown }).error;
  if (Array.isArray(m)) return m.join('; ');
  return typeof m === 'string' ? m : fallback;
}
