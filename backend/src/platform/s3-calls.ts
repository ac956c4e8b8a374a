import type { Logger } from '@nestjs/common';
import { DomainError } from '@punchline/domain';
import { NETWORK_CODES } from './database/database-unavailable';

// The SDK's retry layer wraps an error it does not take for an Error (one from another realm, as
// under jest's VM modules) as text: "AWS SDK error wrapper for Error: connect ECONNREFUSED …".
const NETWORK_CODE_IN_TEXT = new RegExp(`^AWS SDK error wrapper for .*\\b(${[...NETWORK_CODES].join('|')})\\b`);

/**
 * Whether an S3 call failed because the server could not be reached or failed on its side (5xx:
 * SlowDown, InternalError), rather than because of what was asked. Not a 507 (no room): that is
 * STORAGE_FULL. Without this, a refused connection to a bucket read as "the database is not
 * reachable" (the same Node error codes).
 */
export function isS3Unreachable(error: unknown): boolean {
  const { code, name, message, $metadata } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: unknown } };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (typeof message === 'string' && NETWORK_CODE_IN_TEXT.test(message)) return true;
  if (name === 'TimeoutError' || name === 'RequestTimeout') return true;
  const status = $metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500 && status !== 507;
}

/** One call to a bucket: an unreachable or failing server becomes 503 with `unavailableText`, which names whose storage it is. */
export async function callS3<T>(call: () => Promise<T>, unavailableText: string, logger: Pick<Logger, 'warn'>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isS3Unreachable(error)) throw error;
    logger.warn(`${unavailableText} (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`);
    throw new DomainError('UNAVAILABLE', unavailableText);
  }
}
