import sharp from 'sharp';
import { DomainError, IMAGE_TEXTS } from '@punchline/domain';
import { corruptJpeg, pixelBombPng, truncated } from '../test-support/hostile-images';
import { phonePhoto } from '../test-support/photo-fixture';
import { cleanImage, makeVariants } from './image-pipeline';

/** The red block of the fixture: at the top right once the photo is upright. */
async function redCorner(bytes: Buffer): Promise<'top-left' | 'top-right' | 'other'> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
    return data[i]! > 180 && data[i + 1]! < 80 && data[i + 2]! < 80;
  };
  if (at(info.width * 0.9, info.height * 0.1)) return 'top-right';
  if (at(info.width * 0.1, info.height * 0.1)) return 'top-left';
  return 'other';
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('INVALID_INPUT');
  return (error as DomainError).message;
}

describe('image pipeline (sharp)', () => {
  it('stores a phone photo upright with no EXIF, GPS or XMP, and says its upright size', async () => {
    const photo = await phonePhoto({ width: 800, height: 600 });
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(await redCorner(photo)).toBe('top-left');

    const clean = await cleanImage(photo, 'image/jpeg');
    expect({ width: clean.width, height: clean.height }).toEqual({ width: 600, height: 800 });
    const after = await sharp(clean.buffer).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect({ width: after.width, height: after.height }).toEqual({ width: 600, height: 800 });
    expect(await redCorner(clean.buffer)).toBe('top-right');
    expect(clean.buffer.includes(Buffer.from('Phonecam'))).toBe(false);
  });

  it('makes WebP, the fallback and AVIF variants, never wider than the original, all clean and upright', async () => {
    const clean = await cleanImage(await phonePhoto({ width: 1400, height: 1000 }), 'image/jpeg');
    const made = [...(await makeVariants(clean.buffer, 'image/jpeg', 'first')), ...(await makeVariants(clean.buffer, 'image/jpeg', 'rest'))];
    const summary = made.map((v) => `${v.format} ${v.width}×${v.height}`).sort();
    expect(summary).toEqual(['avif 320×448', 'avif 640×896', 'avif 960×1344', 'avif 1000×1400', 'jpeg 1000×1400', 'jpeg 320×448', 'jpeg 640×896', 'jpeg 960×1344', 'webp 1000×1400', 'webp 320×448', 'webp 640×896', 'webp 960×1344'].sort());
    for (const v of made) {
      const meta = await sharp(v.buffer).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(v.format);
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(v.width);
      expect(await redCorner(v.buffer)).toBe('top-right');
    }
  });

  it('keeps transparency: a PNG falls back to PNG', async () => {
    const png = await sharp({ create: { width: 500, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const clean = await cleanImage(png, 'image/png');
    const made = [...(await makeVariants(clean.buffer, 'image/png', 'first')), ...(await makeVariants(clean.buffer, 'image/png', 'rest'))];
    expect(made.map((v) => `${v.format} ${v.width}`).sort()).toEqual(['avif 320', 'avif 500', 'png 320', 'png 500', 'webp 320', 'webp 500']);
    expect((await sharp(made.find((v) => v.format === 'png')!.buffer).metadata()).hasAlpha).toBe(true);
  });

  it('refuses a decompression bomb by its declared size, before decoding it', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(2_000);
    const rssBefore = process.memoryUsage().rss;
    expect(await refusal(cleanImage(bomb, 'image/png'))).toBe(IMAGE_TEXTS.tooManyPixels(30_000, 30_000));
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a truncated JPEG and a corrupt one with words that say which', async () => {
    const photo = await phonePhoto({ width: 800, height: 600 });
    expect(await refusal(cleanImage(truncated(photo), 'image/jpeg'))).toBe(IMAGE_TEXTS.truncated);
    expect(await refusal(cleanImage(corruptJpeg(), 'image/jpeg'))).toBe(IMAGE_TEXTS.corrupt);
  });
});
