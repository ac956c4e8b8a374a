import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import {
  DomainError,
  IMAGE_TEXTS,
  MEDIA_PIXEL_LIMIT,
  fallbackFormatOf,
  variantFormatsFor,
  variantWidthsFor,
  type VariantFormat,
} from '@punchline/domain';

let loadedSharp: typeof SharpModule | undefined;

/**
 * sharp (libvips) is loaded on the first image, not with the module: ~20 MB of RSS that the backup
 * and restore commands, and an app that never meets an image, do not pay (issue 29). libvips threads
 * per image and its operation cache: one thread leaves the other core to the web requests on a
 * 2-core machine, and no cache keeps a decoded photo alive after its job.
 */
function sharp(...args: Parameters<typeof SharpModule>): Sharp {
  if (!loadedSharp) {
    loadedSharp = require('sharp') as typeof SharpModule;
    loadedSharp.concurrency(1);
    loadedSharp.cache(false);
  }
  return loadedSharp(...args);
}

/** Why sharp refused an input, in words an admin can act on. Only called for errors of sharp's own calls. */
function inputProblem(error: unknown, width?: number, height?: number): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return width && height ? IMAGE_TEXTS.tooManyPixels(width, height) : IMAGE_TEXTS.tooManyPixels(0, 0);
  if (/premature end|truncated|unexpected end|Invalid SOS|read error|incomplete/i.test(message)) return IMAGE_TEXTS.truncated;
  // Anything else libvips says about an input it was given: the file is not an image it can read.
  // (A refusal is recorded once; an error rethrown would be retried forever by the reactor.)
  return IMAGE_TEXTS.corrupt;
}

/** Throws the 400 an upload answers for an unreadable image (a DomainError already made passes as it is). */
function refuse(error: unknown, width?: number, height?: number): never {
  if (error instanceof DomainError) throw error;
  throw new DomainError('INVALID_INPUT', inputProblem(error, width, height));
}

export interface CleanImage {
  /** Upright (EXIF orientation applied), with no EXIF, GPS, XMP or comments; the colour profile kept. */
  buffer: Buffer;
  width: number;
  height: number;
}

const open = (input: Buffer, animated = false) => sharp(input, { failOn: 'truncated', limitInputPixels: MEDIA_PIXEL_LIMIT, animated });

/**
 * The stored form of an uploaded raster image. Reads the header first, so a decompression bomb is
 * refused by its declared size before a byte is decoded; then decodes it fully (a truncated file
 * fails here), applies the orientation and writes it again in its own format without metadata.
 */
export async function cleanImage(input: Buffer, mimeType: string): Promise<CleanImage> {
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    // Not even a readable header: whatever the decoder says, the file is no image.
    throw new DomainError('INVALID_INPUT', IMAGE_TEXTS.corrupt);
  }
  const width = header.autoOrient?.width ?? header.width ?? 0;
  const height = header.autoOrient?.height ?? header.height ?? 0;
  if (!width || !height) throw new DomainError('INVALID_INPUT', IMAGE_TEXTS.corrupt);
  if (width * height > MEDIA_PIXEL_LIMIT) throw new DomainError('INVALID_INPUT', IMAGE_TEXTS.tooManyPixels(width, height));
  const animated = mimeType === 'image/gif' && (header.pages ?? 1) > 1;
  const carriesNothing = !header.exif && !header.xmp && !header.iptc && !(header.comments?.length ?? 0) && (header.orientation ?? 1) === 1;
  if (carriesNothing) {
    // Already upright and without metadata: decoded in full (a truncated file fails here), kept byte for byte.
    try {
      await open(input, animated).stats();
    } catch (error) {
      return refuse(error, width, height);
    }
    return { buffer: input, width, height: animated ? (header.pageHeight ?? height) : height };
  }
  try {
    // Multi-page GIFs keep their frames; GIFs carry no orientation to apply.
    const image = animated ? open(input, true) : open(input).autoOrient();
    const encoded =
      mimeType === 'image/jpeg'
        ? image.keepIccProfile().jpeg({ quality: 90 })
        : mimeType === 'image/png'
          ? image.keepIccProfile().png()
          : mimeType === 'image/webp'
            ? image.keepIccProfile().webp({ quality: 90 })
            : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { buffer: data, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height };
  } catch (error) {
    return refuse(error, width, height);
  }
}

export interface MadeVariant {
  width: number;
  height: number;
  format: VariantFormat;
  buffer: Buffer;
}

const ENCODE: Record<VariantFormat, (image: Sharp) => Sharp> = {
  // effort 2: within a few per cent of the default's size at a fraction of its time on 2 cores.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 1 }),
  jpeg: (image) => image.jpeg({ quality: 80, progressive: true, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 8, palette: false }),
};

/**
 * Width variants of a clean image (the first frame for a GIF), smallest first. Step 'first' makes
 * WebP for every width: what every current browser and the admin's thumbnails need, quickly. Step
 * 'rest' makes the fallback format (JPEG, or PNG) for every width and AVIF where it pays (several
 * times WebP's encode time). The original is decoded once per step, to the largest width, and the
 * others are made from that.
 */
export async function makeVariants(clean: Buffer, mimeType: string, step: 'first' | 'rest', onVariant?: (v: MadeVariant) => Promise<void>): Promise<MadeVariant[]> {
  let base: { data: Buffer; info: OutputInfo };
  let hasAlpha = false;
  let widths: number[] = [];
  try {
    const header = await open(clean).metadata();
    hasAlpha = header.hasAlpha === true;
    widths = variantWidthsFor(header.width ?? 0);
    if (widths.length === 0) throw new DomainError('INVALID_INPUT', IMAGE_TEXTS.corrupt);
    // No rotate(): the stored bytes are already upright (cleanImage did it).
    base = await open(clean).resize({ width: widths[widths.length - 1], withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    return refuse(error);
  }
  const fallback = fallbackFormatOf(mimeType, hasAlpha);
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels as 1 | 2 | 3 | 4 };
  const formats: VariantFormat[] = step === 'first' ? ['webp'] : [fallback, 'avif'];
  const jobs: Array<{ width: number; format: VariantFormat }> = [];
  for (const format of formats) {
    for (const width of widths) if (variantFormatsFor(width, fallback).includes(format)) jobs.push({ width, format });
  }
  const made: MadeVariant[] = [];
  for (const job of jobs) {
    const target = Math.min(job.width, raw.width);
    const resized = sharp(base.data, { raw }).resize({ width: target, withoutEnlargement: true });
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      encoded = await ENCODE[job.format](resized).toBuffer({ resolveWithObject: true });
    } catch (error) {
      return refuse(error);
    }
    const { data, info } = encoded;
    const variant = { width: info.width, height: info.height, format: job.format, buffer: data };
    made.push(variant);
    await onVariant?.(variant);
  }
  return made;
}

/** Width and height of stored (upright) bytes. */
export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await open(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
