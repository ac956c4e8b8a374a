import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Observable, defer, finalize } from 'rxjs';
import type { NextFunction, Request, Response } from 'express';
import { FairQueue, MEDIA_READ_RETRY_AFTER_SECONDS, MEDIA_READ_TEXTS, MEDIA_READ_TURN_MS } from './fair-queue';

/**
 * Media reads through the proxy take turns, fairly between clients (issue 24: 200 requests at once
 * for one image held the event loop and the thread pool, and an admin's upload waited behind them).
 * Mounted on the proxy's path before every other middleware (createApp), so a waiting request has
 * cost only its parsing: sessions, logging, routing and the store are reached a few at a time. A
 * request waits for its turn (it is answered, later); only beyond the waiting room's caps is it
 * refused, with 503 and Retry-After. Admins' writes never queue here, and their own reads take
 * their turn beside a flood's instead of behind it (a client is its address, as `req.ip` says).
 */
@Injectable()
export class MediaReadTurns {
  readonly queue = new FairQueue();

  readonly handle = (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const waiting = this.queue.enter(req.ip ?? req.socket.remoteAddress ?? '');
    if (!waiting) {
      res.setHeader('Retry-After', String(MEDIA_READ_RETRY_AFTER_SECONDS));
      res.setHeader('Cache-Control', 'no-store');
      res.status(503).json({ error: MEDIA_READ_TEXTS.busy, code: 'UNAVAILABLE' });
      return;
    }
    waiting.then((release) => {
      // A visitor who left while waiting costs nothing more.
      if (res.destroyed || res.writableEnded) return release();
      const timer = setTimeout(release, MEDIA_READ_TURN_MS);
      timer.unref();
      res.once('close', () => {
        clearTimeout(timer);
        release();
      });
      next();
    }, next);
  };
}

/**
 * On an admin's write (the upload): visitors' reads yield to it from the moment the guard has let
 * it in until it is answered (multer's reading of the body included), so a flood of reads delays
 * the admin's work by little (issue 24: an upload within 1.2× its quiet time).
 */
@Injectable()
export class AdminWriteFirst implements NestInterceptor {
  constructor(private readonly turns: MediaReadTurns) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return defer(() => {
      const release = this.turns.queue.yieldTo();
      return next.handle().pipe(finalize(release));
    });
  }
}
