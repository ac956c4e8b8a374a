import { Readable } from 'node:stream';
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

/**
 * How long a bucket may leave a call without a sign of life before the call is given up as
 * UNAVAILABLE: from the call's start, and again from each piece of a body the server takes. The
 * SDK sets no timeout of its own, so a server that takes connections but never answers (a hung
 * MinIO, a firewall that drops packets) held every call for ever: each visitor's image request
 * waited with it (their reads take turns, so a few hung ones stalled the rest), uploads never
 * ended, and the health probe, which stopped waiting after 2 s, left one more request open on the
 * client's sockets every 5 s. Ten seconds is far longer than any S3 answer takes; a big upload
 * goes on for as long as the server keeps taking its body.
 */
export const S3_ANSWER_MS = 10_000;

/** A body handed to the server in pieces of at most this many bytes, each one a sign of life. */
const PIECE = 64 * 1024;

/** One call's deadline: its signal aborts the request after `ms` without progress. */
export class S3Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly bodies: Readable[] = [];
  expired = false;

  constructor(private readonly ms: number) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * A streamed body as the server takes it, in pieces of at most 64 KB, each one taken starting the
   * deadline again (pieces are made as the request asks for them, so a 48 MB chunk counts as it
   * drains, not once). The SDK never sends a stream twice, so nothing is lost to its retries.
   */
  body(source: Readable): Readable {
    const progress = Readable.from(this.pieces(source), { objectMode: false });
    this.bodies.push(progress, source);
    return progress;
  }

  private async *pieces(source: Readable): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      for (let at = 0; at < bytes.length; at += PIECE) {
        this.timer.refresh();
        yield bytes.subarray(at, at + PIECE);
      }
    }
  }

  /** After the call: a body the SDK let go of half-sent is destroyed, and its source (a file) with it. */
  end(failed: boolean): void {
    clearTimeout(this.timer);
    if (failed) for (const body of this.bodies) body.destroy();
  }

  describe(): string {
    return `no answer within ${this.ms} ms`;
  }
}

/**
 * The deadline of a call whose body is a Buffer: the SDK sends it whole, and again after a 5xx, so
 * it cannot be watched piece by piece; it gets the time it takes at 1 MB/s on top.
 */
export function answerMsWithBody(answerMs: number, bytes: number): number {
  return answerMs + Math.ceil(bytes / MIN_UPLOAD_BYTES_PER_MS);
}
const MIN_UPLOAD_BYTES_PER_MS = 1_048_576 / 1_000;

/**
 * One call to a bucket, under a deadline (S3_ANSWER_MS): `call` passes `deadline.signal` to the
 * SDK and sends any body through `deadline.body`. An unreachable, failing or silent server becomes
 * 503 with `unavailableText`, which names whose storage it is. The deadline ends when the call
 * answers: a read's body then streams at the visitor's pace, however slow.
 */
export async function callS3<T>(call: (deadline: S3Deadline) => Promise<T>, unavailableText: string, logger: Pick<Logger, 'warn'>, answerMs = S3_ANSWER_MS): Promise<T> {
  const deadline = new S3Deadline(answerMs);
  let failed = true;
  try {
    const answer = await call(deadline);
    failed = false;
    return answer;
  } catch (error) {
    if (!deadline.expired && !isS3Unreachable(error)) throw error;
    const why = deadline.expired ? deadline.describe() : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    logger.warn(`${unavailableText} (${why})`);
    throw new DomainError('UNAVAILABLE', unavailableText);
  } finally {
    deadline.end(failed);
  }
}
