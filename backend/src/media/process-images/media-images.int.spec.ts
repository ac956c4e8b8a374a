import sharp from 'sharp';
import exifReader from 'exif-reader';
import { IMAGE_TEXTS, MEDIA_STREAM, type MediaEvent } from '@punchline/domain';
import { databaseKinds } from '../../test-support/test-database';
import { MediaStream } from '../media-stream';
import { MEDIA_STORAGE } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import { corruptJpeg, pixelBombPng, truncated } from '../test-support/hostile-images';
import { type MediaApp, startMediaApp, upload, uploaded } from '../test-support/media-app.test-kit';
import { phonePhoto } from '../test-support/photo-fixture';
import { MediaImagesReactor } from './media-images.reactor';

async function waitFor<T>(probe: () => Promise<T | null | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Bytes as a visitor's browser gets them. */
async function served(m: MediaApp, url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${m.app.baseUrl}${url}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** No EXIF, GPS or XMP by the decoder's account, and not a trace of the camera's tags in the bytes. */
async function expectNoMetadata(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(bytes.includes(Buffer.from('Phonecam'))).toBe(false);
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
}

/** Upright: the fixture's red block is at the top right once the orientation is applied. */
async function expectUpright(bytes: Buffer): Promise<void> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height * 0.1) * info.width + Math.floor(info.width * 0.9)) * info.channels;
  expect([data[i]! > 180, data[i + 1]! < 80, data[i + 2]! < 80]).toEqual([true, true, true]);
  expect(info.height).toBeGreaterThan(info.width);
}

describe.each(databaseKinds())('image pipeline over HTTP on %s', (kind) => {
  let m: MediaApp;
  beforeAll(async () => {
    m = await startMediaApp(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('serves a phone photo with EXIF orientation 6 and GPS upright and without metadata, as the original and as every variant', async () => {
    const photo = await phonePhoto({ width: 1600, height: 1200 });
    const exif = exifReader((await sharp(photo).metadata()).exif!);
    expect(exif.GPSInfo?.GPSLatitudeRef).toBe('N');

    const { url, path } = await uploaded(m, 'Stage night.jpg', photo);
    const original = await served(m, url);
    expect(original.status).toBe(200);
    await expectNoMetadata(original.bytes);
    await expectUpright(original.bytes);

    const processed = await waitFor(async () => (await m.pipelineEvents()).find((e) => e.type === 'MediaImageProcessed' && (e.data as { path: string }).path === path), 'the variants');
    const first = (processed as unknown as Extract<MediaEvent, { type: 'MediaImageProcessed' }>).data;
    expect(first.variants.map((v) => v.format)).toEqual(['webp', 'webp', 'webp', 'webp']);
    // Then the fallback format and AVIF, as a second step (AVIF is slower to encode: pages use WebP meanwhile).
    const added = await waitFor(async () => (await m.pipelineEvents()).find((e) => e.type === 'MediaImageVariantsAdded' && (e.data as { path: string }).path === path), 'the second step');
    const data = { ...first, variants: [...first.variants, ...(added.data as { variants: typeof first.variants }).variants] };
    expect({ width: data.width, height: data.height }).toEqual({ width: 1200, height: 1600 });
    expect(data.variants.map((v) => `${v.format} ${v.width}`).sort()).toEqual(
      ['avif 320', 'avif 640', 'avif 960', 'avif 1200', 'webp 320', 'webp 640', 'webp 960', 'webp 1200', 'jpeg 320', 'jpeg 640', 'jpeg 960', 'jpeg 1200'].sort(),
    );
    for (const v of data.variants) {
      const res = await served(m, `${url}&w=${v.width}&format=${v.format}`);
      expect([res.status, res.type]).toEqual([200, `image/${v.format}`]);
      expect(res.bytes.length).toBe(v.size);
      await expectNoMetadata(res.bytes);
      await expectUpright(res.bytes);
    }
    // The narrowest at least as wide as asked, else the widest there is.
    expect((await served(m, `${url}&w=500&format=webp`)).bytes.length).toBe(data.variants.find((v) => v.format === 'webp' && v.width === 640)!.size);
    expect((await served(m, `${url}&w=1920&format=avif`)).bytes.length).toBe(data.variants.find((v) => v.format === 'avif' && v.width === 1200)!.size);

    const item = (await m.admin.get('/api/storage/list')).body.items.find((i: { path: string }) => i.path === path);
    expect(item).toMatchObject({ width: 1200, height: 1600, thumbnail_url: `${url}&w=320&format=webp`, processing_error: null, size: original.bytes.length });
  });

  it('refuses a pixel bomb, a truncated and a corrupt image at upload with words that name the problem, recording nothing', async () => {
    const before = (await m.mediaEvents()).length;
    const photo = await phonePhoto({ width: 800, height: 600 });
    const cases: Array<[string, Buffer, string]> = [
      ['bomb.png', pixelBombPng(), IMAGE_TEXTS.tooManyPixels(30_000, 30_000)],
      ['cut.jpg', truncated(photo), IMAGE_TEXTS.truncated],
      ['noise.jpg', corruptJpeg(), IMAGE_TEXTS.corrupt],
    ];
    for (const [name, bytes, error] of cases) {
      const res = await upload(m, name, bytes);
      expect([name, res.status, res.json().error]).toEqual([name, 400, error]);
    }
    expect((await m.mediaEvents()).length).toBe(before);
  });

  it('refuses variant requests it cannot read with 400', async () => {
    const { url } = await uploaded(m, 'tiny.jpg', await phonePhoto({ width: 64, height: 48, noise: false }));
    for (const query of ['&w=0&format=webp', '&w=abc&format=webp', '&w=99999&format=webp', '&w=320&format=bmp', '&w=320', '&format=webp']) {
      expect((await served(m, `${url}${query}`)).status).toBe(400);
    }
  });

  it('never serves the metadata of a file stored before the pipeline, and cleans it in place when it catches up', async () => {
    const storage = m.app.app.get<MediaStorage>(MEDIA_STORAGE);
    const reactor = m.app.app.get(MediaImagesReactor);
    const media = m.app.app.get(MediaStream);
    const photo = await phonePhoto({ width: 900, height: 600 });
    // As an upload before issue 13 left it: the phone's bytes as they came, no image facts recorded.
    await storage.put('legacy.jpg', photo, 'image/jpeg');
    await media.execute({ actorEmail: 'admin@example.com', correlationId: 'c0ffee00-0000-4000-8000-000000000001' }, () => ({
      type: 'RecordMediaUpload',
      data: { path: 'legacy.jpg', originalName: 'legacy.jpg', size: photo.length, mimeType: 'image/jpeg', kind: 'image' },
    }));
    const onTheFly = await served(m, '/api/storage/proxy?bucket=media&path=legacy.jpg');
    expect(onTheFly.status).toBe(200);
    await expectNoMetadata(onTheFly.bytes);
    await expectUpright(onTheFly.bytes);

    reactor.wake();
    const processed = await waitFor(async () => (await m.pipelineEvents()).find((e) => (e.data as { path: string }).path === 'legacy.jpg'), 'the backfill');
    expect(processed.type).toBe('MediaImageProcessed');
    expect((processed.data as { cleanedSize?: number }).cleanedSize).toBeGreaterThan(0);
    const stored = await storage.read('legacy.jpg');
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    await expectNoMetadata(Buffer.concat(chunks));
    await expectUpright(Buffer.concat(chunks));
    expect((await m.app.runtime.store.readStream(MEDIA_STREAM)).filter((e) => (e.data as { path?: string }).path === 'legacy.jpg' && e.type === 'MediaImageProcessed')).toHaveLength(1);
  });

  it('records why a stored file could not be processed, and the list says so instead of a thumbnail', async () => {
    const storage = m.app.app.get<MediaStorage>(MEDIA_STORAGE);
    const media = m.app.app.get(MediaStream);
    const cut = truncated(await phonePhoto({ width: 700, height: 500 }));
    await storage.put('broken.jpg', cut, 'image/jpeg');
    await media.execute({ actorEmail: 'admin@example.com', correlationId: 'c0ffee00-0000-4000-8000-000000000002' }, () => ({
      type: 'RecordMediaUpload',
      data: { path: 'broken.jpg', originalName: 'broken.jpg', size: cut.length, mimeType: 'image/jpeg', kind: 'image' },
    }));
    m.app.app.get(MediaImagesReactor).wake();
    await waitFor(async () => (await m.pipelineEvents()).find((e) => (e.data as { path: string }).path === 'broken.jpg'), 'the failure');
    // The list is a read model: it has the failure once the projector has its event (CI saw it read a moment before).
    const item = await waitFor(async () => {
      const listed = (await m.admin.get('/api/storage/list')).body.items.find((i: { path: string; processing_error: string | null }) => i.path === 'broken.jpg');
      return listed?.processing_error ? listed : undefined;
    }, 'the failure in the list');
    expect(item).toMatchObject({ thumbnail_url: null, processing_error: IMAGE_TEXTS.truncated });
    expect((await served(m, '/api/storage/proxy?bucket=media&path=broken.jpg')).status).toBe(409);
  });

  it('removes the variants with the file, but not while an identical copy still uses them', async () => {
    const storage = m.app.app.get<MediaStorage>(MEDIA_STORAGE);
    const photo = await phonePhoto({ width: 700, height: 500 });
    const first = await uploaded(m, 'twin.jpg', photo);
    const second = await uploaded(m, 'twin copy.jpg', photo);
    const keysOf = async (path: string) => {
      const event = await waitFor(async () => (await m.pipelineEvents()).find((e) => e.type === 'MediaImageProcessed' && (e.data as { path: string }).path === path), `variants of ${path}`);
      const added = await waitFor(async () => (await m.pipelineEvents()).find((e) => e.type === 'MediaImageVariantsAdded' && (e.data as { path: string }).path === path), `AVIF of ${path}`);
      return [...(event.data as { variants: Array<{ key: string }> }).variants, ...(added.data as { variants: Array<{ key: string }> }).variants].map((v) => v.key);
    };
    const keys = await keysOf(first.path);
    expect(await keysOf(second.path)).toEqual(keys);
    expect((await m.admin.post('/api/storage/delete', { path: first.path })).status).toBe(200);
    for (const key of keys) expect(await storage.head(key)).not.toBeNull();
    expect((await m.admin.post('/api/storage/delete', { path: second.path })).status).toBe(200);
    for (const key of keys) expect(await storage.head(key)).toBeNull();
  });
});
