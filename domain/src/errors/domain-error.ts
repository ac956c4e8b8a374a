/**
 * Stable error codes. Domain code throws these; exactly one place (the backend's exception filter)
 * maps them to HTTP statuses (DESIGN §12.6).
 */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'STALE_REVISION',
  /** The request contradicts the current state (a file in use, a name taken): 409 like a stale revision. */
  'CONFLICT',
  'TOO_LARGE',
  'LOCKED',
  'RATE_LIMITED',
  /** The client cannot take the only form this route answers in (an event stream asked for as JSON): 406. */
  'NOT_ACCEPTABLE',
  /** A dependency (the event store) refused or could not take the request: 503, the caller may retry later. */
  'UNAVAILABLE',
  /** No room left where the write goes (the media folder's disk, an S3 quota, the database's disk): 507. */
  'STORAGE_FULL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Raised by an event store when the stream is not at the expected revision. */
export class WrongExpectedRevisionError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super('STALE_REVISION', `Stream ${streamId} is at revision ${actual}, expected ${expected}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
