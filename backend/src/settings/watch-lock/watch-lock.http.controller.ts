import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError } from '@punchline/domain';
import { DraftEditAccessFilter } from '../settings-request';
import { LockWatch, type LockListener } from './lock-watch';
import type { SnapshotListState } from '../settings-read.service';
import { StreamSlots } from './stream-slots';

/** Keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

@ApiTags('settings')
@Controller('api/settings/lock/events')
@UseFilters(DraftEditAccessFilter)
export class WatchLockHttpController {
  private readonly slots = new StreamSlots();

  constructor(private readonly watch: LockWatch) {}

  /**
   * Server-sent events (issue 12 point 4): `event: lock` with `{lock}` (as GET /api/settings/lock)
   * now and on every change; `event: draft` with `{version}` (the draft's version, issue 25) now and
   * whenever the draft changes, whoever changed it; `event: live` with `{version}` likewise for live
   * (a publish or rollback made anywhere: the admin shell's quick links follow it); `event: snapshots`
   * with `{count, newest, published}` now and whenever a snapshot is saved, deleted or published,
   * so an open snapshot list follows another admin's or tab's change. For EventSource
   * clients only: anything that does not ask for text/event-stream gets a 406 with a message rather
   * than a response that never ends. At most
   * a few streams per session and a bounded number per process: the newest is refused with 429.
   */
  @Get()
  @ApiOkResponse({ description: 'text/event-stream of `lock` events ({lock: {holder_email, holder_name, acquired_at, expires_at} | null}), `draft` events ({version}), `live` events ({version}) and `snapshots` events ({count, newest, published})' })
  async events(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!(req.headers.accept ?? '').includes('text/event-stream')) {
      throw new DomainError('NOT_ACCEPTABLE', 'This is an event stream: ask for it with Accept: text/event-stream (EventSource does).');
    }
    const slot = this.slots.take(req.sessionID);
    if ('refused' in slot) throw new DomainError('RATE_LIMITED', slot.refused);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Connection', 'keep-alive');
    // Tells nginx-style proxies not to buffer the stream.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const send: LockListener = Object.assign((lock: unknown) => void res.write(`event: lock\ndata: ${JSON.stringify({ lock })}\n\n`), {
      draft: (version: number) => void res.write(`event: draft\ndata: ${JSON.stringify({ version })}\n\n`),
      live: (version: number) => void res.write(`event: live\ndata: ${JSON.stringify({ version })}\n\n`),
      snapshots: (state: SnapshotListState) => void res.write(`event: snapshots\ndata: ${JSON.stringify(state)}\n\n`),
      end: () => {
        clearInterval(heartbeat);
        res.end();
      },
    });
    // Counted from here: a client gone before the watch starts frees its slot all the same.
    let stop: (() => void) | null = null;
    let closed = false;
    req.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      slot.release();
      stop?.();
    });
    try {
      stop = await this.watch.watch(send);
    } catch (error) {
      slot.release();
      clearInterval(heartbeat);
      res.end();
      throw error;
    }
    if (closed) stop();
  }
}
