import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseKinds } from '../../test-support/test-database';
import { FIXTURES, getRaw, startMediaApp, uploaded, type MediaApp } from '../test-support/media-app.test-kit';
import { IMMUTABLE_CACHE_CONTROL, MEDIA_CSP, variantEtag } from './serve-media.http.controller';
import { MediaReadTurns } from './media-read-turns';
import { MEDIA_READS_AT_ONCE, MEDIA_READS_WAITING, MEDIA_READ_RETRY_AFTER_SECONDS, MEDIA_READ_TEXTS, type Release } from './fair-queue';
import { MEDIA_STORAGE } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import { phonePhoto } from '../test-support/photo-fixture';

describe.each(databaseKinds())('GET /api/storage/proxy on %s', (kind) => {
  let m: MediaApp;
  let video: { url: string; path: string };
  let svg: { url: string; path: string };
  beforeAll(async () => {
    m = await startMediaApp(kind);
    video = await uploaded(m, 'clip.mp4', FIXTURES.mp4);
    svg = await uploaded(m, 'logo.svg', FIXTURES.svg);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('serves visitors the exact bytes with type, length, validators, caching and nosniff', async () => {
    const res = await getRaw(m, video.url);
    expect(res.status).toBe(200);
    expect(res.body.equals(FIXTURES.mp4)).toBe(true);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(FIXTURES.mp4.length));
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(Date.parse(res.headers.get('last-modified')!)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers 304 when the copy is current', async () => {
    const first = await getRaw(m, video.url);
    expect((await getRaw(m, video.url, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    expect((await getRaw(m, video.url, { 'if-modified-since': first.headers.get('last-modified')! })).status).toBe(304);
    expect((await getRaw(m, video.url, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('serves byte ranges for video seeking (206), and 416 past the end', async () => {
    const part = await getRaw(m, video.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${FIXTURES.mp4.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(part.body.equals(FIXTURES.mp4.subarray(100, 200))).toBe(true);
    const tail = await getRaw(m, video.url, { range: 'bytes=-10' });
    expect(tail.body.equals(FIXTURES.mp4.subarray(-10))).toBe(true);
    const stale = await getRaw(m, video.url, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect([stale.status, stale.body.length]).toEqual([200, FIXTURES.mp4.length]);
    const beyond = await getRaw(m, video.url, { range: `bytes=${FIXTURES.mp4.length}-` });
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, `bytes */${FIXTURES.mp4.length}`]);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${m.app.baseUrl}${video.url}`, { method: 'HEAD' });
    expect([res.status, res.headers.get('content-length')]).toEqual([200, String(FIXTURES.mp4.length)]);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves SVGs as inert images: sandboxing CSP, no script, no sniffing', async () => {
    const res = await getRaw(m, svg.url);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="logo.svg"; filename*=UTF-8''logo.svg`);
  });

  it("refuses other buckets and '..' or absolute paths (400), and answers 404 for missing files", async () => {
    const cases: [string, number][] = [
      ['/api/storage/proxy?bucket=private&path=clip.mp4', 400],
      ['/api/storage/proxy?path=clip.mp4', 400],
      ['/api/storage/proxy?bucket=media&path=../../etc/passwd', 400],
      ['/api/storage/proxy?bucket=media&path=%2E%2E%2Fsecret', 400],
      ['/api/storage/proxy?bucket=media&path=/etc/passwd', 400],
      ['/api/storage/proxy?bucket=media&path=', 400],
      ['/api/storage/proxy?bucket=media&path=a&path=b', 400],
      ['/api/storage/proxy?bucket=media&path=missing.png', 404],
    ];
    for (const [url, status] of cases) {
      const res = await getRaw(m, url);
      expect([url, res.status, typeof res.json().error]).toEqual([url, status, 'string']);
    }
  });

  it('serves objects the previous product left in the store: media inline, anything else as an opaque download', async () => {
    const folder = join(m.app.runtime.config.dataDir, 'media', 'legacy');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'poster.png'), FIXTURES.png);
    writeFileSync(join(folder, 'page.html'), '<script>alert(document.cookie)</script>');
    const poster = await getRaw(m, '/api/storage/proxy?bucket=media&path=legacy/poster.png');
    expect([poster.status, poster.headers.get('content-type'), poster.body.equals(FIXTURES.png)]).toEqual([200, 'image/png', true]);
    const page = await getRaw(m, '/api/storage/proxy?bucket=media&path=legacy%2Fpage.html');
    expect([page.status, page.headers.get('content-type'), page.headers.get('content-disposition')]).toEqual([
      200,
      'application/octet-stream',
      `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    ]);
  });

  it('serves a variant asked for by its storage key as stored (never re-encoded) when the library lists it, else 404 (issue 24 point 2)', async () => {
    const { path } = await uploaded(m, 'raw-keys.jpg', await phonePhoto({ width: 700, height: 500 }));
    let variants: Array<{ key: string; width: number; height: number; format: 'jpeg' | 'webp' | 'avif' | 'png'; size: number }> = [];
    for (let i = 0; i < 300 && variants.length === 0; i++) {
      const processed = (await m.pipelineEvents()).find((e) => e.type === 'MediaImageProcessed' && (e.data as { path: string }).path === path);
      if (processed) variants = (processed.data as { variants: typeof variants }).variants;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(variants.length).toBeGreaterThan(0);
    const storage = m.app.app.get<MediaStorage>(MEDIA_STORAGE);
    const stored = async (key: string) => {
      const object = await storage.read(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    for (const variant of variants) {
      const res = await getRaw(m, `/api/storage/proxy?bucket=media&path=${encodeURIComponent(variant.key)}`);
      // The stored bytes exactly: streamed, not decoded and cleaned again.
      expect([variant.key, res.status, res.headers.get('content-type'), res.body.equals(await stored(variant.key))]).toEqual([variant.key, 200, `image/${variant.format}`, true]);
    }
    // The key names its content: kept a year by anyone, revalidated from the library alone.
    const key = `/api/storage/proxy?bucket=media&path=${encodeURIComponent(variants[0]!.key)}`;
    const first = await getRaw(m, key);
    expect([first.headers.get('cache-control'), first.headers.get('etag')]).toEqual([IMMUTABLE_CACHE_CONTROL, variantEtag(variants[0]!)]);
    const again = await getRaw(m, key, { 'if-none-match': first.headers.get('etag')! });
    expect([again.status, again.body.length, again.headers.get('cache-control'), again.headers.get('etag')]).toEqual([304, 0, IMMUTABLE_CACHE_CONTROL, variantEtag(variants[0]!)]);
    expect((await getRaw(m, key, { 'if-none-match': '"stale"' })).status).toBe(200);
    // In the store under the variants' prefix, but listed by no file of the library: not served.
    const unlisted = variants[0]!.key.replace(/\/[^/]+$/, '/4096.webp');
    await storage.put(unlisted, await stored(variants[0]!.key), 'image/webp');
    for (const key of [unlisted, `_variants/${'0'.repeat(64)}/1920.jpg`]) {
      const res = await getRaw(m, `/api/storage/proxy?bucket=media&path=${encodeURIComponent(key)}`);
      expect([key, res.status]).toEqual([key, 404]);
    }
  });

  it('makes visitors wait their turn when every turn is taken, and refuses with 503 and Retry-After only when the waiting room is full (issue 24)', async () => {
    const { queue } = m.app.app.get(MediaReadTurns);
    // Given every turn taken (as by a flood of reads in progress)
    const held: Release[] = await Promise.all(Array.from({ length: MEDIA_READS_AT_ONCE }, () => queue.enter('flood')!));
    // When a visitor asks for a file, then it waits instead of being refused
    let answered = false;
    const waiting = getRaw(m, svg.url).finally(() => (answered = true));
    for (let i = 0; i < 500 && queue.queued === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect([queue.queued, answered]).toEqual([1, false]);
    // and is answered as soon as a turn is free.
    held.pop()!();
    expect((await waiting).status).toBe(200);
    // (its turn ends when the server sees the connection's answer finished, a moment after the client)
    for (let i = 0; i < 500 && queue.busy > held.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(queue.busy).toBe(held.length);
    // Given the waiting room full, when a visitor asks, then the answer is 503 with Retry-After at once.
    // (fillers given a turn keep it until the end, as reads in progress would)
    let draining = false;
    const parked: Release[] = [];
    const fillers: Array<Promise<void>> = [];
    while (queue.queued < MEDIA_READS_WAITING) fillers.push(queue.enter(`filler-${fillers.length}`)!.then((release) => (draining ? release() : void parked.push(release))));
    const refused = await getRaw(m, svg.url);
    expect([refused.status, refused.headers.get('retry-after'), refused.json().error]).toEqual([503, String(MEDIA_READ_RETRY_AFTER_SECONDS), MEDIA_READ_TEXTS.busy]);
    draining = true;
    for (const release of [...held, ...parked]) release();
    await Promise.all(fillers);
    for (const release of parked) release();
    expect([queue.busy, queue.queued]).toEqual([0, 0]);
    expect((await getRaw(m, svg.url)).status).toBe(200);
  });

  it('serves signed-in non-admins as well as visitors', async () => {
    expect((await getRaw(m, svg.url, { cookie: m.memberCookie })).status).toBe(200);
  });
});
