import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SettingsReadService } from '../settings-read.service';

/** The two spellings of the hot public call; any other form goes on to GetSettingsHttpController. */
const LIVE_URLS = new Set(['/api/settings', '/api/settings?stage=live']);

/**
 * `GET /api/settings[?stage=live]` answered ahead of sessions, guards and pipes (mounted in
 * create-app before them). The live answer is the same for every caller, so nothing about the
 * caller needs loading: it is the cached bytes of the current live version. Same body, ETag and
 * Cache-Control as GetSettingsHttpController.
 */
@Injectable()
export class LiveSettingsFastPath {
  constructor(private readonly reads: SettingsReadService) {}

  readonly handle = (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !LIVE_URLS.has(req.url)) return next();
    this.reads.getLive().then((live) => {
      if (req.headers['if-none-match'] === live.etag) {
        res.writeHead(304, { ETag: live.etag, 'Cache-Control': 'no-cache' });
        res.end();
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(live.bytes.length),
        ETag: live.etag,
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : live.bytes);
    }, next);
  };
}
