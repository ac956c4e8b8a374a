import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Logger, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  DomainError,
  IMAGE_VARIANT_WIDTHS,
  MEDIA_BUCKET,
  VARIANTS_PREFIX,
  MEDIA_TEXTS,
  MEDIA_TYPES,
  VARIANT_FORMATS,
  VARIANT_MIME,
  extensionOf,
  isRasterImage,
  isSafeMediaPath,
  isVariantFormat,
  pickVariant,
  type ImageVariant,
  type MediaState,
  type VariantFormat,
} from '@punchline/domain';
import { Public } from '../../platform/http/public.decorator';
import { cleanImage } from '../images/image-pipeline';
import { ImageWork } from '../images/image-work';
import { MediaStream } from '../media-stream';
import { MEDIA_STORAGE } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import { notModified, parseByteRange, rangeStillValid } from './byte-range';
import { servedType } from './served-type';

/** Browsers and a CDN may keep a file an hour, then revalidate with its ETag (a name can be reused after a delete). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=3600';
/**
 * A variant URL answered with the file itself because its variants are still being made (on this
 * instance or another): nobody may keep that answer, or the page would show the full-size original
 * for an hour after the variant exists.
 */
export const PROVISIONAL_CACHE_CONTROL = 'no-store';
/**
 * A variant asked for by its storage key: the key names the content it was made from, its width
 * and its format, so the bytes under it never change and anyone may keep them for a year.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The storage identity marker (storage/storage-identity.ts) is not part of the library. */
const NOT_SERVED = new Set(['.punchline-storage']);
/**
 * Every proxied file is inert on our origin: opened on its own, an SVG (or anything a browser might
 * treat as a document) runs no script, loads nothing and is sandboxed as a unique origin.
 */
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const MAX_VARIANT_WIDTH = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];

export const PROXY_TEXTS = {
  badBucket: `Only the ${MEDIA_BUCKET} bucket is served.`,
  badWidth: `w must be a whole number of pixels from 1 to ${MAX_VARIANT_WIDTH}.`,
  badFormat: `format must be one of ${VARIANT_FORMATS.join(', ')}.`,
  variantNeedsBoth: 'Ask for a variant with both w and format.',
  unreadable: 'This image could not be read, so it is not served.',
} as const;

/** The variant asked for by `?w=&format=`, or null for the file itself. */
function variantRequest(query: Request['query']): { width: number; format: VariantFormat } | null {
  if (query.w === undefined && query.format === undefined) return null;
  if (query.w === undefined || query.format === undefined) throw new DomainError('INVALID_INPUT', PROXY_TEXTS.variantNeedsBoth);
  const w = single(query.w) ?? '';
  if (!/^\d{1,5}$/.test(w) || Number(w) < 1 || Number(w) > MAX_VARIANT_WIDTH) throw new DomainError('INVALID_INPUT', PROXY_TEXTS.badWidth);
  const format = single(query.format);
  if (!isVariantFormat(format)) throw new DomainError('INVALID_INPUT', PROXY_TEXTS.badFormat);
  return { width: Number(w), format };
}

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Each library state's variants by storage key, worked out once per state (a state is never changed, only replaced). */
const variantsByKey = new WeakMap<MediaState, ReadonlyMap<string, { path: string; variant: ImageVariant }>>();

function listedVariant(library: MediaState, key: string): { path: string; variant: ImageVariant } | null {
  let index = variantsByKey.get(library);
  if (!index) {
    const built = new Map<string, { path: string; variant: ImageVariant }>();
    for (const file of library.files.values()) for (const variant of file.image?.variants ?? []) built.set(variant.key, { path: file.path, variant });
    variantsByKey.set(library, built);
    index = built;
  }
  return index.get(key) ?? null;
}

/**
 * The validator of a listed variant, from the library alone (its key is content-addressed and its
 * size recorded): a revalidation is answered 304 without touching the store.
 */
export function variantEtag(variant: ImageVariant): string {
  return `"${variant.key.slice(VARIANTS_PREFIX.length).replace(/[^0-9a-z.]/gi, '-')}-${variant.size.toString(16)}"`;
}

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

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly media: MediaStream,
    private readonly work: ImageWork,
  ) {}

  /**
   * SPEC §7: serves media to everyone (visitors load images through it). Only the 'media' bucket;
   * '..' and absolute paths are refused (SPEC §5). Streams with ETag/Last-Modified revalidation and
   * single byte ranges for video seeking.
   */
  @Public()
  @Get()
  @ApiQuery({ name: 'bucket', required: true, enum: [MEDIA_BUCKET] })
  @ApiQuery({ name: 'path', required: true })
  @ApiQuery({ name: 'w', required: false, description: 'With format: the narrowest variant at least this wide (else the widest)' })
  @ApiQuery({ name: 'format', required: false, enum: VARIANT_FORMATS })
  @ApiOkResponse({ description: 'The file (206 for a range, 304 when unchanged)' })
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    const bucket = single(req.query.bucket);
    const path = single(req.query.path) ?? '';
    if (bucket !== MEDIA_BUCKET) throw new DomainError('INVALID_INPUT', PROXY_TEXTS.badBucket);
    if (!isSafeMediaPath(path)) throw new DomainError('INVALID_INPUT', MEDIA_TEXTS.badPath);
    if (NOT_SERVED.has(path)) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);
    const wanted = variantRequest(req.query);
    // The library as this process last read it (kept current every few seconds by ResponsiveImages):
    // no query per image, and images keep loading while the database is away.
    const library = this.media.lastKnown() ?? (await this.media.read((state) => state).catch(() => null));
    const file = library?.files.get(path) ?? null;

    // A variant asked for by its storage key (issue 24 point 2): the stored bytes when the library
    // lists it, else nothing. Never decoded: they were made clean, and re-encoding them for anyone
    // who asks filled the image queue ahead of admins' uploads.
    if (path.startsWith(VARIANTS_PREFIX)) {
      const listed = library ? listedVariant(library, path) : null;
      if (!listed) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);
      const etag = variantEtag(listed.variant);
      // A browser or CDN that has it already is answered from the library, without a read of the store.
      if (notModified({ 'if-none-match': req.headers['if-none-match'] }, etag, new Date(0))) {
        this.commonHeaders(res, etag, null, IMMUTABLE_CACHE_CONTROL);
        res.status(304).end();
        return;
      }
      return this.send(req, res, listed.variant.key, listed.variant, listed.path, IMMUTABLE_CACHE_CONTROL, etag);
    }

    // A variant when there is one; until the pipeline has made them, the (clean) file itself.
    const variant = wanted && file?.image ? pickVariant(file.image.variants, wanted.width, wanted.format) : null;
    if (variant) return this.send(req, res, variant.key, variant, path, MEDIA_CACHE_CONTROL);
    const raster = isRasterImage(MEDIA_TYPES[extensionOf(path)]?.mimeType ?? '');
    // A variant may still come (the pipeline has not failed on this file): the stand-in is not kept.
    const cacheControl = wanted && raster && !file?.imageError ? PROVISIONAL_CACHE_CONTROL : MEDIA_CACHE_CONTROL;
    // Raster bytes not known to be clean (stored before the pipeline, or by the previous product)
    // are never sent as stored: they may carry EXIF and GPS. Cleaned on the fly until processed.
    if (raster && !file?.image?.clean) return this.sendCleaned(req, res, path, cacheControl);
    return this.send(req, res, path, null, path, cacheControl);
  }

  private async sendCleaned(req: Request, res: Response, path: string, cacheControl: string): Promise<void> {
    const info = await this.storage.head(path);
    if (!info) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);
    const etag = `"clean-${info.etag.replace(/"/g, '')}"`;
    this.commonHeaders(res, etag, info.lastModified, cacheControl);
    if (notModified({ 'if-none-match': req.headers['if-none-match'], 'if-modified-since': req.headers['if-modified-since'] }, etag, info.lastModified)) {
      res.status(304).end();
      return;
    }
    const stream = await this.storage.read(path);
    if (!stream) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);
    const chunks: Buffer[] = [];
    for await (const chunk of stream.body) chunks.push(chunk as Buffer);
    const mimeType = MEDIA_TYPES[extensionOf(path)]!.mimeType;
    let clean: Buffer;
    try {
      clean = (await this.work.run(() => cleanImage(Buffer.concat(chunks), mimeType))).buffer;
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError('CONFLICT', PROXY_TEXTS.unreadable);
      throw error;
    }
    res.setHeader('Accept-Ranges', 'none');
    res.setHeader('Content-Type', mimeType);
    res.setHeader('Content-Disposition', dispositionOf('inline', path));
    res.status(200);
    res.setHeader('Content-Length', String(clean.length));
    res.end(req.method === 'HEAD' ? undefined : clean);
  }

  private commonHeaders(res: Response, etag: string, lastModified: Date | null, cacheControl: string): void {
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    if (lastModified) res.setHeader('Last-Modified', lastModified.toUTCString());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', MEDIA_CSP);
  }

  /**
   * Streams a stored object (the file, or one of its variants) with revalidation and byte ranges;
   * `knownEtag` when the library names the content (a variant by its key), else the store's.
   */
  private async send(req: Request, res: Response, key: string, variant: ImageVariant | null, path: string, cacheControl: string, knownEtag?: string): Promise<void> {
    const info = await this.storage.head(key);
    if (!info) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);
    const etag = knownEtag ?? info.etag;
    this.commonHeaders(res, etag, info.lastModified, cacheControl);
    res.setHeader('Accept-Ranges', 'bytes');
    if (notModified({ 'if-none-match': req.headers['if-none-match'], 'if-modified-since': req.headers['if-modified-since'] }, etag, info.lastModified)) {
      res.status(304).end();
      return;
    }

    const ifRange = single(req.headers['if-range']);
    const range = rangeStillValid(ifRange, etag, info.lastModified) ? parseByteRange(single(req.headers.range), info.size) : ({ kind: 'whole' } as const);
    if (range.kind === 'unsatisfiable') {
      res.status(416).setHeader('Content-Range', `bytes */${info.size}`);
      res.json({ error: 'Requested range not satisfiable' });
      return;
    }
    const stream = await this.storage.read(key, range.kind === 'partial' ? { start: range.start, end: range.end } : undefined);
    if (!stream) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound);

    if (variant) {
      const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
      res.setHeader('Content-Type', VARIANT_MIME[variant.format]);
      res.setHeader('Content-Disposition', dispositionOf('inline', `${base}-${variant.width}.${key.slice(key.lastIndexOf('.') + 1)}`));
    } else {
      const type = servedType(path, stream.info.contentType);
      res.setHeader('Content-Type', type.contentType);
      res.setHeader('Content-Disposition', dispositionOf(type.disposition, path));
    }
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
