/**
 * Responsive image variants (issue 13): which widths and formats a raster upload gets, where they
 * are stored, and which one answers a request. Pure, so the pipeline, the proxy, the public pages
 * and the Media Manager all agree.
 */
import { mediaProxyUrl } from './media-urls';

/** Widths a phone, a tablet, a laptop and a large screen ask for; never more than the original. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** AVIF costs several times WebP's encode time; it pays off on the widths phones and laptops load. */
export const AVIF_MAX_WIDTH = 1280;
/** The width the admin grid and picker load (a 2× tile of 160 px). */
export const THUMBNAIL_WIDTH = 320;

/**
 * Decoded pixels an upload may have (width × height): 50 MP holds any phone photo (48 MP sensors
 * included) and refuses a decompression bomb (a 30,000 × 30,000 PNG of a few KB would need 3.6 GB).
 */
export const MEDIA_PIXEL_LIMIT = 50_000_000;

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp', 'jpeg', 'png'];

export const VARIANT_MIME: Readonly<Record<VariantFormat, string>> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** Raster types the pipeline decodes; SVG is served as it is (sanitised at upload) and video is untouched. */
export const RASTER_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export function isRasterImage(mimeType: string): boolean {
  return RASTER_MIME_TYPES.includes(mimeType);
}

export interface ImageVariant {
  width: number;
  height: number;
  format: VariantFormat;
  /** Storage key, under VARIANTS_PREFIX (outside the library's own names). */
  key: string;
  size: number;
}

/** Variants live beside the library, keyed by the content they were made from, so a rename moves nothing. */
export const VARIANTS_PREFIX = '_variants/';

export function variantKey(contentSha256: string, width: number, format: VariantFormat): string {
  return `${VARIANTS_PREFIX}${contentSha256}/${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** The widths to make for an image `width` pixels wide: the standard ones below it, and its own width up to the largest. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  const largest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];
  if (width <= largest) widths.push(width);
  return widths;
}

/** The formats a width is made in: AVIF (where it pays), WebP, and the fallback every browser reads. */
export function variantFormatsFor(width: number, fallback: 'jpeg' | 'png'): VariantFormat[] {
  return width <= AVIF_MAX_WIDTH ? ['avif', 'webp', fallback] : ['webp', fallback];
}

/** The fallback format of an original: PNG keeps transparency (and GIF stills), everything else is JPEG. */
export function fallbackFormatOf(mimeType: string, hasAlpha: boolean): 'jpeg' | 'png' {
  return mimeType === 'image/png' || mimeType === 'image/gif' || hasAlpha ? 'png' : 'jpeg';
}

/**
 * The variant that answers `?w=&format=`: the narrowest at least as wide as asked, else the widest
 * there is, in that format (null when the file has none in that format).
 */
export function pickVariant(variants: readonly ImageVariant[], width: number, format: VariantFormat): ImageVariant | null {
  const inFormat = variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
  return inFormat.find((v) => v.width >= width) ?? inFormat[inFormat.length - 1] ?? null;
}

/** The proxy URL of one variant of the file at `path`. */
export function mediaVariantUrl(path: string, width: number, format: VariantFormat): string {
  return `${mediaProxyUrl(path)}&w=${width}&format=${format}`;
}

export function isVariantFormat(value: unknown): value is VariantFormat {
  return typeof value === 'string' && (VARIANT_FORMATS as readonly string[]).includes(value);
}

/** What a page needs to write `<picture>`/`srcset` for one library image. */
export interface ResponsiveImage {
  width: number;
  height: number;
  /** Per format, 'url 320w, url 640w, …' (only formats the file has). */
  srcset: Partial<Record<VariantFormat, string>>;
  /** The format of the `<img>`'s own srcset (JPEG or PNG); null until those exist (the img keeps the file itself). */
  fallback: 'jpeg' | 'png' | null;
}

export function responsiveImageOf(path: string, image: { width: number; height: number; variants: readonly ImageVariant[] }): ResponsiveImage | null {
  if (image.variants.length === 0) return null;
  const srcset: Partial<Record<VariantFormat, string>> = {};
  for (const format of VARIANT_FORMATS) {
    const list = image.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
    if (list.length > 0) srcset[format] = list.map((v) => `${mediaVariantUrl(path, v.width, format)} ${v.width}w`).join(', ');
  }
  const fallback = srcset.jpeg ? 'jpeg' : srcset.png ? 'png' : null;
  return { width: image.width, height: image.height, srcset, fallback };
}

export const IMAGE_TEXTS = {
  corrupt: 'The image could not be read: the file is corrupt or not really an image.',
  truncated: 'The image is incomplete (the file was cut off before its end). Upload it again.',
  tooManyPixels: (width: number, height: number) =>
    `The image is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; at most ${(MEDIA_PIXEL_LIMIT / 1_000_000).toLocaleString('en-US')} million pixels can be uploaded.`,
} as const;
