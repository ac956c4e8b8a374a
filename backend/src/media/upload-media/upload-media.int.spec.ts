import { createHash } from 'node:crypto';
import { MEDIA_TYPE_TEXTS, MEDIA_UPLOAD_MAX_BYTES } from '@punchline/domain';
import { databaseKinds } from '../../test-support/test-database';
import { FIXTURES, getRaw, startMediaApp, upload, type MediaApp } from '../test-support/media-app.test-kit';
import { startTestS3Server, type TestS3Server } from '../test-support/s3-server';
import { ImageWork } from '../images/image-work';
import { MediaImagesReactor } from '../process-images/media-images.reactor';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SVG_LIMIT_TEXTS } from './svg-check';
import { SvgChecker } from './svg-checker';
import { request as httpRequest } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { MEDIA_STORAGE } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import { STORAGE_FULL_TEXT } from '../../platform/http/storage-full';
import { MEDIA_STORAGE_UNAVAILABLE_TEXT } from '../storage/s3-media-storage';

const SVG_PAYLOADS = join(__dirname, '../test-support/svg-payloads');
const svgFixtures = (kind: 'hostile' | 'benign') => readdirSync(join(SVG_PAYLOADS, kind)).map((name) => ({ name, bytes: readFileSync(join(SVG_PAYLOADS, kind, name)) }));
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

describe.each(databaseKinds())('POST /api/storage/upload on %s', (kind) => {
  let m: MediaApp;
  beforeAll(async () => {
    m = await startMediaApp(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('stores the file under a sanitised name, answers its proxy URL, and records who uploaded it', async () => {
    const res = await upload(m, 'Opening Night (1).PNG', FIXTURES.png, { type: 'image/png' });
    expect(res.status).toBe(201);
    const body = res.json();
    expect(body.url).toBe('/api/storage/proxy?bucket=media&path=opening-night-1.png');
    expect(body.item).toMatchObject({ name: 'opening-night-1.png', path: 'opening-night-1.png', url: body.url, size: FIXTURES.png.length, mime_type: 'image/png' });

    const served = await getRaw(m, body.url);
    expect(served.status).toBe(200);
    expect(served.body.equals(FIXTURES.png)).toBe(true);

    const listed = await m.admin.get('/api/storage/list');
    expect(listed.body.items.map((i: { path: string }) => i.path)).toContain('opening-night-1.png');
    const event = (await m.mediaEvents()).at(-1)!;
    expect(event).toMatchObject({
      type: 'MediaUploaded',
      data: { path: 'opening-night-1.png', originalName: 'Opening Night (1).PNG', size: FIXTURES.png.length, mimeType: 'image/png', kind: 'image' },
      metadata: { actorEmail: 'admin@example.com' },
    });
  });

  it('recognises identical bytes and offers the existing file (409), and uploads a copy when asked (issue 12 point 6)', async () => {
    const bytes = Buffer.concat([FIXTURES.png, Buffer.from(`unique-${kind}`)]);
    const first = await upload(m, 'Hero Stage.png', bytes, { type: 'image/png', checkDuplicates: true });
    expect(first.status).toBe(201);
    const before = (await m.mediaEvents()).length;
    const again = await upload(m, 'hero stage copy.png', bytes, { type: 'image/png', checkDuplicates: true });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ error: 'This file is already in the library as “hero-stage.png”.', existing: { url: first.json().url, item: { name: 'hero-stage.png' } } });
    expect((await m.mediaEvents()).length).toBe(before);
    const copy = await upload(m, 'hero stage copy.png', bytes, { type: 'image/png' });
    expect(copy.status).toBe(201);
    expect(copy.json().item.name).toBe('hero-stage-copy.png');
    expect((await m.mediaEvents()).at(-1)).toMatchObject({ type: 'MediaUploaded', data: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  it('answers a duplicate photo from the hash of its bytes, before any image work (issue 25)', async () => {
    const bytes = Buffer.concat([FIXTURES.jpeg, Buffer.from(`duplicate-${kind}`)]);
    expect((await upload(m, 'dup.jpg', bytes, { type: 'image/jpeg', checkDuplicates: true })).status).toBe(201);
    // Hashed as the bytes arrived: the hash of exactly what was sent.
    const recorded = (await m.mediaEvents()).find((e) => e.type === 'MediaUploaded' && (e.data as { path: string }).path === 'dup.jpg')!;
    expect((recorded.data as { sha256: string }).sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    // The pipeline's own work is all done first (this file's two steps, and any step an earlier test's
    // upload still had waiting, which may come after this file's), so the spy below sees the duplicate alone.
    const reactor = m.app.app.get(MediaImagesReactor);
    const work = m.app.app.get(ImageWork);
    for (let i = 0; i < 300; i += 1) {
      const { first, rest } = await reactor.pending();
      if (first.length === 0 && rest.length === 0 && work.queued === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Every decode (uploads and the pipeline alike) goes through ImageWork: none may start for the duplicate.
    const run = jest.spyOn(m.app.app.get(ImageWork), 'run');
    try {
      expect((await upload(m, 'dup again.jpg', bytes, { type: 'image/jpeg', checkDuplicates: true })).status).toBe(409);
      expect(run).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
    }
  });

  it('gives a second file of the same name a new name instead of replacing the first', async () => {
    const first = (await upload(m, 'poster.gif', FIXTURES.gif)).json();
    const second = (await upload(m, 'POSTER.gif', FIXTURES.gif)).json();
    expect([first.item.path, second.item.path]).toEqual(['poster.gif', 'poster-2.gif']);
  });

  it('keeps non-ASCII names readable in the event and safe in the path', async () => {
    const body = (await upload(m, 'Café crème.jpg', FIXTURES.jpeg)).json();
    expect(body.item.path).toBe('cafe-creme.jpg');
    expect((await m.mediaEvents()).at(-1)!.data).toMatchObject({ originalName: 'Café crème.jpg' });
  });

  it('accepts every allowed kind, videos included', async () => {
    expect((await upload(m, 'clip.mp4', FIXTURES.mp4)).status).toBe(201);
    expect((await upload(m, 'logo.svg', FIXTURES.svg)).status).toBe(201);
  });

  it('refuses types outside the allowlist and files whose bytes do not match their extension (400)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const cases: [string, Buffer, string][] = [
      ['page.html', html, MEDIA_TYPE_TEXTS.badExtension],
      ['tool.exe', FIXTURES.png, MEDIA_TYPE_TEXTS.badExtension],
      ['fake.png', html, MEDIA_TYPE_TEXTS.contentMismatch],
      ['fake.mp4', FIXTURES.png, MEDIA_TYPE_TEXTS.contentMismatch],
      ['evil.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), `${MEDIA_TYPE_TEXTS.activeSvg} Found: the event handler onload.`],
      ['empty.png', Buffer.alloc(0), MEDIA_TYPE_TEXTS.empty],
    ];
    const before = (await m.mediaEvents()).length;
    for (const [name, bytes, error] of cases) {
      const res = await upload(m, name, bytes);
      expect([name, res.status, res.json().error]).toEqual([name, 400, error]);
    }
    expect((await m.mediaEvents()).length).toBe(before);
  });

  it('refuses every known SVG payload with 400 and what was found, and stores the drawings editors write (issue 24 point 1)', async () => {
    const before = (await m.mediaEvents()).length;
    for (const { name, bytes } of svgFixtures('hostile')) {
      const res = await upload(m, name, bytes);
      expect([name, res.status, res.json().error]).toEqual([name, 400, expect.stringContaining(`${MEDIA_TYPE_TEXTS.activeSvg} Found: `)]);
    }
    expect((await m.mediaEvents()).length).toBe(before);
    for (const { name, bytes } of svgFixtures('benign')) expect([name, (await upload(m, name, bytes)).status]).toEqual([name, 201]);
  });

  it('refuses SVGs over 5 MB or 200,000 nodes with 400 and a message, and checks them off the main thread (issue 24 point 3)', async () => {
    const huge = Buffer.from(`<svg ${SVG_NS}>${'<rect width="1" height="1"/>'.repeat(750_000)}</svg>`);
    expect(huge.length).toBeGreaterThan(20_000_000);
    const busy = Buffer.from(`<svg ${SVG_NS}>${'<rect width="1" height="1"/>'.repeat(175_000)}</svg>`);
    expect(busy.length).toBeLessThan(5 * 1024 * 1024);
    // While the worker reads the 4.9 MB file (seconds), the event loop keeps answering health checks.
    let pending = true;
    const answered: number[] = [];
    const checking = upload(m, 'busy.svg', busy).finally(() => (pending = false));
    while (pending) {
      const res = await fetch(`${m.app.baseUrl}/api/health`);
      await res.arrayBuffer();
      if (pending) answered.push(res.status);
    }
    const refused = await checking;
    expect([refused.status, refused.json().error]).toEqual([400, SVG_LIMIT_TEXTS.tooLarge]);
    // On the main thread (before issue 24) not one health answer came back during the check.
    expect(answered.length).toBeGreaterThanOrEqual(5);
    const tooBig = await upload(m, 'huge.svg', huge);
    expect([tooBig.status, tooBig.json().error]).toEqual([400, SVG_LIMIT_TEXTS.tooLarge]);
  }, 60_000);

  it('refuses an SVG over 5 MB while it arrives, never holding it whole nor handing it to the check (400, the same message)', async () => {
    const check = jest.spyOn(m.app.app.get(SvgChecker), 'check');
    // Given a 20 MB SVG sent in pieces, each written only when the connection takes it
    const boundary = 'punchline-test-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg ${SVG_NS}>`);
    const piece = Buffer.from('<rect width="1" height="1"/>'.repeat(2_400));
    const pieces = Math.ceil((20 * 1024 * 1024) / piece.length);
    const tail = Buffer.from(`</svg>\r\n--${boundary}--\r\n`);
    const url = new URL('/api/storage/upload?duplicate=keep', m.app.baseUrl);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: m.app.baseUrl, cookie: m.adminCookie } });
      req.once('error', reject);
      let answered = false;
      req.once('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') });
        });
      });
      let written = 0;
      const write = (): void => {
        if (answered) return;
        if (written === 0) req.write(head);
        while (written < pieces) {
          written += 1;
          if (!req.write(piece)) return void req.once('drain', write);
        }
        req.end(tail);
      };
      write();
    });
    // Then the answer is the size refusal, decided as the bytes passed 5 MB (multer reads the rest
    // of the request and drops it, so the client reads the answer instead of a broken connection)
    expect([answer.status, JSON.parse(answer.body).error]).toEqual([400, SVG_LIMIT_TEXTS.tooLarge]);
    expect(check).not.toHaveBeenCalled();
    check.mockRestore();
    expect((await m.admin.get('/api/storage/list?q=huge')).body.items).toEqual([]);
  }, 60_000);

  it('refuses a request without a file, or with the file under another field name (400)', async () => {
    const res = await fetch(`${m.app.baseUrl}/api/storage/upload`, { method: 'POST', body: new FormData(), headers: { origin: m.app.baseUrl, cookie: m.adminCookie } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(MEDIA_TYPE_TEXTS.missingFile);
    expect((await upload(m, 'a.png', FIXTURES.png, { field: 'image' })).status).toBe(400);
  });

  it('refuses a file over the size limit with 413 and a message', async () => {
    const big = Buffer.concat([FIXTURES.png, Buffer.alloc(MEDIA_UPLOAD_MAX_BYTES)]);
    const res = await upload(m, 'huge.png', big);
    expect(res.status).toBe(413);
    expect(res.json().error).toBe(MEDIA_TYPE_TEXTS.tooLarge);
    expect((await m.admin.get('/api/storage/list?q=huge')).body.items).toEqual([]);
  });

  it('answers a full disk with 507 and what to do, stores nothing, and uploads again once there is room', async () => {
    const storage = m.app.app.get<MediaStorage>(MEDIA_STORAGE);
    // The kernel's own "no space left on device": /dev/full refuses every write with ENOSPC.
    const full = jest.spyOn(storage, 'put').mockImplementation(async () => {
      await writeFile('/dev/full', Buffer.alloc(4096));
      throw new Error('unreachable: /dev/full accepted a write');
    });
    const events = (await m.mediaEvents()).length;
    try {
      const res = await upload(m, 'no-room.png', FIXTURES.png);
      expect({ status: res.status, body: res.json() }).toEqual({ status: 507, body: { error: STORAGE_FULL_TEXT, code: 'STORAGE_FULL' } });
      expect(full).toHaveBeenCalled();
    } finally {
      full.mockRestore();
    }
    expect((await m.mediaEvents()).length).toBe(events);
    expect((await m.admin.get('/api/storage/list?q=no-room')).body.items).toEqual([]);
    expect((await upload(m, 'no-room.png', FIXTURES.png)).status).toBe(201);
  });

  it('probes the library for health at most once per 5 s, however many ask (health is public)', async () => {
    const head = jest.spyOn(m.app.app.get<MediaStorage>(MEDIA_STORAGE), 'head');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${m.app.baseUrl}/api/health`).then((r) => r.json() as Promise<{ storage: { ok: boolean } }>)));
      expect(answers.every((a) => a.storage.ok)).toBe(true);
      expect(head.mock.calls.filter(([path]) => path === '.punchline-storage').length).toBeLessThanOrEqual(1);
    } finally {
      head.mockRestore();
    }
  });

  it('is for admins only: 401 for visitors, 403 for signed-in non-admins', async () => {
    expect((await upload(m, 'a.png', FIXTURES.png, { cookie: null })).status).toBe(401);
    expect((await upload(m, 'a.png', FIXTURES.png, { cookie: m.memberCookie })).status).toBe(403);
  });
});

describe('upload, list, proxy, rename and delete with STORAGE=s3 (s3rver on loopback)', () => {
  let s3: TestS3Server;
  let m: MediaApp;
  beforeAll(async () => {
    s3 = await startTestS3Server('punchline-media');
    m = await startMediaApp('pglite', s3.env);
  });
  let s3Stopped = false;
  afterAll(async () => {
    await m?.close();
    if (!s3Stopped) await s3?.stop();
  });

  it('keeps the bytes in the bucket and serves them through the proxy', async () => {
    const body = (await upload(m, 'clip.mp4', FIXTURES.mp4)).json();
    const served = await getRaw(m, body.url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(served.body.equals(FIXTURES.mp4)).toBe(true);
    const part = await getRaw(m, body.url, { range: 'bytes=4-11' });
    expect([part.status, part.body.toString('latin1')]).toEqual([206, 'ftypis6m']);

    const renamed = await m.admin.post('/api/storage/rename', { fromPath: 'clip.mp4', toName: 'trailer' });
    expect(renamed.body).toMatchObject({ path: 'trailer.mp4', totalUpdated: 0 });
    expect((await getRaw(m, body.url)).status).toBe(404);
    expect((await getRaw(m, renamed.body.url)).body.equals(FIXTURES.mp4)).toBe(true);

    expect((await m.admin.post('/api/storage/delete', { path: 'trailer.mp4' })).status).toBe(200);
    expect((await getRaw(m, renamed.body.url)).status).toBe(404);
    expect((await m.admin.get('/api/storage/list')).body.items).toEqual([]);
  });

  // Last in this suite: it stops the bucket's server.
  it('says the media storage is away, not the database, when the bucket cannot be reached; health says so and the pages still serve', async () => {
    const kept = (await upload(m, 'kept.png', FIXTURES.png)).json();
    const healthy = (await (await fetch(`${m.app.baseUrl}/api/health`)).json()) as { status: string; storage: { ok: boolean } };
    expect([healthy.status, healthy.storage.ok]).toEqual(['ok', true]);
    await s3.stop();
    s3Stopped = true;
    const refused = await upload(m, 'later.png', FIXTURES.png);
    expect({ status: refused.status, body: refused.json() }).toEqual({ status: 503, body: { error: MEDIA_STORAGE_UNAVAILABLE_TEXT, code: 'UNAVAILABLE' } });
    expect((await getRaw(m, kept.url)).status).toBe(503);
    // Health probes the library at most every 5 s: it says so within that.
    let health = await fetch(`${m.app.baseUrl}/api/health`);
    let body = (await health.json()) as { status: string; storage: { kind: string; ok: boolean; error?: string } };
    for (const until = Date.now() + 10_000; body.storage.ok && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 250));
      health = await fetch(`${m.app.baseUrl}/api/health`);
      body = (await health.json()) as typeof body;
    }
    expect({ status: health.status, overall: body.status, storage: body.storage }).toEqual({
      status: 200,
      overall: 'degraded',
      storage: { kind: 's3', id: expect.any(String), ok: false, error: MEDIA_STORAGE_UNAVAILABLE_TEXT },
    });
    expect((await fetch(`${m.app.baseUrl}/`)).status).toBe(200);
  });
});
