import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Logger, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError, MEDIA_BUCKET, MEDIA_TEXTS, isSafeMediaPath } from '@punchline/domain';
import { Public } from '../../platform/http/public.decorator';
import { MEDIA_STORAGE } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import { notModified, parseByteRange, rangeStillValid } from './byte-range';
import { servedType } from './served-type';

/** Browsers and a CDN may keep a file an hour, then revalidate with its ETag (a name can be reused after a delete). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=3600';
/**
 * Every proxied file is inert on our origin: opened on its own, an SVG (or anything a browser might
 * treat as a document) runs no script, loads nothing and is sandboxed as a unique origin.
 */
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export const PROXY_TEXTS = {
  badBucket: `Only the ${MEDIA_BUCKET} bucket is served.`,
} as const;

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Content-Disposition with the file name; stored names are ASCII, older objects may not be. */
function dispositionOf(kind: 'inline' | 'attachment', path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

@ApiTags('media')
@Controller('api/storage/proxy')
export class ServeMediaHttpController {
  private readonly logger = new Logger('media');

  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  /**
   * SPEC §7: serves media to everyone (visitors load images through it). Only the 'media' bucket;
   * '..' and absolute paths are refused (SPEC §5). Streams with ETag/Last-Modified revalidation and
   * single byte ranges for video seeking.
   */
  @Public()
  @Get()
  @ApiQuery({ name: 'bucket', required: true, enum: [MEDIA_BUCKET] })
  @ApiQuery({ name: 'path', required: true })
  @ApiOkResponse({ description: 'The file (206 for a range, 304 when unchanged)' })
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    const bucket = single(req.query.bucket);
    const path = single(req.query.path) ?? '';
    if (bucket !== MEDIA_BUCKET) throw new DomainError('INVALID_INPUT', PROXY_TEXTS.badBucket);
    if (!isSafeMediaPath(path)) throw new DomainError('INVALID_INPUT', MEDIA_TEXTS.badPath);

    const info = await this.storage.head(path);
    if (!info) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);
    res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
    res.setHeader('ETag', info.etag);
    res.setHeader('Last-Modified', info.lastModified.toUTCString());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', MEDIA_CSP);
    res.setHeader('Accept-Ranges', 'bytes');
    if (notModified({ 'if-none-match': req.headers['if-none-match'], 'if-modified-since': req.headers['if-modified-since'] }, info.etag, info.lastModified)) {
      res.status(304).end();
      return;
    }

    const ifRange = single(req.headers['if-range']);
    const range = rangeStillValid(ifRange, info.etag, info.lastModified) ? parseByteRange(single(req.headers.range), info.size) : ({ kind: 'whole' } as const);
    if (range.kind === 'unsatisfiable') {
      res.status(416).setHeader('Content-Range', `bytes */${info.size}`);
      res.json({ error: 'Requested range not satisfiable' });
      return;
    }
    const stream = await this.storage.read(path, range.kind === 'partial' ? { start: range.start, end: range.end } : undefined);
    if (!stream) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);

    const type = servedType(path, stream.info.contentType);
    res.setHeader('Content-Type', type.contentType);
    res.setHeader('Content-Disposition', dispositionOf(type.disposition, path));
    if (range.kind === 'partial') {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.status(200);
      res.setHeader('Content-Length', String(info.size));
    }
    if (req.method === 'HEAD') {
      stream.body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(stream.body, res);
    } catch (error) {
      // A visitor who stops a video mid-way closes the connection: expected, not an error.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn(`streaming ${path} failed: ${String(error)}`);
    }
  }
}
