import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createServer } from 'node:http';
import { type AddressInfo, type Socket, createServer as createTcpServer } from 'node:net';
import { DomainError } from '@punchline/domain';
import { freePort } from '../../test-support/test-app';
import { isStorageFull } from '../../platform/http/storage-full';
import { startTestS3Server, type TestS3Server } from '../test-support/s3-server';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage.port';
import { StoredObjectMissingError } from './media-storage.port';
import { MEDIA_STORAGE_UNAVAILABLE_TEXT, S3MediaStorage } from './s3-media-storage';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

interface Adapter {
  storage: MediaStorage;
  stop(): Promise<void>;
}

const adapters: [string, () => Promise<Adapter>][] = [
  [
    'local folder',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'punchline-media-'));
      const storage = new LocalMediaStorage(join(dir, 'media'));
      return { storage, stop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (s3rver on loopback)',
    async () => {
      const s3: TestS3Server = await startTestS3Server('punchline-media');
      const storage = new S3MediaStorage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
      return {
        storage,
        stop: async () => {
          await storage.close();
          await s3.stop();
        },
      };
    },
  ],
];

describe.each(adapters)('media storage contract: %s', (_name, start) => {
  let adapter: Adapter;
  let storage: MediaStorage;
  const payload = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

  beforeAll(async () => {
    adapter = await start();
    storage = adapter.storage;
  });
  afterAll(async () => {
    await adapter?.stop();
  });

  it('stores bytes and reads them back whole, with size, type and validators', async () => {
    const put = await storage.put('hero.png', payload, 'image/png');
    expect(put).toMatchObject({ path: 'hero.png', size: payload.length, contentType: 'image/png' });
    const info = await storage.head('hero.png');
    expect(info).toMatchObject({ path: 'hero.png', size: payload.length, contentType: 'image/png' });
    expect(info!.etag).toMatch(/^"[^"]+"$/);
    expect(info!.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const read = await storage.read('hero.png');
    expect(read!.info.size).toBe(payload.length);
    expect((await bytesOf(read!.body)).equals(payload)).toBe(true);
  });

  it('reads a byte range', async () => {
    await storage.put('clip.mp4', payload, 'video/mp4');
    const read = await storage.read('clip.mp4', { start: 100, end: 1099 });
    expect((await bytesOf(read!.body)).equals(payload.subarray(100, 1100))).toBe(true);
    expect(read!.info.size).toBe(payload.length);
  });

  it('reads a whole object in the chunks a bulk reader asks for (a backup), the same bytes', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    await storage.put('reel.mp4', big, 'video/mp4');
    const read = await storage.read('reel.mp4', undefined, { chunkBytes: 1024 * 1024 });
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    // The local folder reads a MB at a time (4 reads, not 49 of 64 KB); S3 streams as the bytes arrive.
    if (storage.kind === 'local') expect(chunks.map((c) => c.length)).toEqual([1024 * 1024, 1024 * 1024, 1024 * 1024, 17]);
    await storage.delete('reel.mp4');
  });

  it('replaces an object and changes its ETag', async () => {
    await storage.put('swap.gif', Buffer.from('GIF89a-one'), 'image/gif');
    const before = await storage.head('swap.gif');
    await new Promise((r) => setTimeout(r, 20));
    await storage.put('swap.gif', Buffer.from('GIF89a-second'), 'image/gif');
    const after = await storage.head('swap.gif');
    expect(after!.size).toBe(13);
    expect(after!.etag).not.toBe(before!.etag);
  });

  it('answers null for a missing object', async () => {
    expect(await storage.head('missing.png')).toBeNull();
    expect(await storage.read('missing.png')).toBeNull();
  });

  it('lists objects in path order, with a prefix, including folders', async () => {
    await storage.put('2024/poster.jpg', Buffer.from('jpeg'), 'image/jpeg');
    const all = await storage.list();
    expect(all.map((o) => o.path)).toEqual(['2024/poster.jpg', 'clip.mp4', 'hero.png', 'swap.gif']);
    expect(all.find((o) => o.path === 'hero.png')!.size).toBe(payload.length);
    expect((await storage.list('2024/')).map((o) => o.path)).toEqual(['2024/poster.jpg']);
  });

  it('moves an object to a new path, and refuses to move a missing one', async () => {
    await storage.put('old-name.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    await storage.move('old-name.webp', 'new-name.webp');
    expect(await storage.head('old-name.webp')).toBeNull();
    const moved = await storage.read('new-name.webp');
    expect((await bytesOf(moved!.body)).toString()).toBe('RIFF....WEBP');
    expect(moved!.info.contentType).toBe('image/webp');
    await expect(storage.move('old-name.webp', 'other.webp')).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it('deletes an object; deleting it again is not an error', async () => {
    await storage.put('gone.png', payload, 'image/png');
    await storage.delete('gone.png');
    expect(await storage.head('gone.png')).toBeNull();
    await expect(storage.delete('gone.png')).resolves.toBeUndefined();
  });

  it("refuses paths that would leave the library ('..', absolute)", async () => {
    await expect(storage.put('../escape.png', payload, 'image/png')).rejects.toThrow(/Unsafe media path/);
    await expect(storage.head('/etc/passwd')).rejects.toThrow(/Unsafe media path/);
  });
});

/**
 * An S3 server that cannot be reached, or answers 503 (SlowDown) or 507: the adapter says which,
 * over real connections (a closed loopback port; a loopback server answering S3's error XML).
 */
describe('S3MediaStorage when its server is away or failing', () => {
  const s3At = (endpoint: string, answerMs?: number) => new S3MediaStorage({ bucket: 'media', region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'K', secretAccessKey: 'S', answerMs });
  const unavailable = { code: 'UNAVAILABLE', message: MEDIA_STORAGE_UNAVAILABLE_TEXT };

  async function answering(status: number, code: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it('answers every call UNAVAILABLE, naming the media storage, when nothing listens (not "the database")', async () => {
    const port = await freePort();
    const storage = s3At(`http://127.0.0.1:${port}`);
    try {
      for (const call of [() => storage.put('a.png', Buffer.from('x'), 'image/png'), () => storage.head('a.png'), () => storage.read('a.png'), () => storage.list(), () => storage.delete('a.png')]) {
        await expect(call()).rejects.toMatchObject(unavailable);
      }
    } finally {
      await storage.close();
    }
  });

  it('gives up on a server that takes connections but never answers (a hung one): UNAVAILABLE after the deadline, for every call, its sockets closed', async () => {
    // It reads nothing and answers nothing, as a hung MinIO or a firewall dropping packets would.
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => {
      sockets.add(socket);
      socket.pause();
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const storage = s3At(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 500);
    const big = Buffer.alloc(32 * 1024 * 1024, 7);
    try {
      for (const call of [
        () => storage.put('a.png', Buffer.from('x'), 'image/png'),
        () => storage.putStream('big.mp4', Readable.from([big]), big.length, 'video/mp4'),
        () => storage.head('a.png'),
        () => storage.read('a.png'),
        () => storage.list(),
        () => storage.delete('a.png'),
      ]) {
        const started = Date.now();
        await expect(call()).rejects.toMatchObject(unavailable);
        // Before the deadline every call waited for ever (this test's own timeout).
        expect(Date.now() - started).toBeLessThan(3_000);
      }
      // Each given-up request closed its connection: a hung server does not collect them (read
      // now, each socket the client closed sees its end; one still open stays).
      for (const socket of sockets) socket.resume();
      for (let waited = 0; sockets.size > 0 && waited < 2_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(sockets.size).toBe(0);
    } finally {
      await storage.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('keeps an upload going for as long as the server takes its body, however long past the deadline', async () => {
    // 48 MB taken at about 24 MB/s: two seconds, four times the deadline, never 500 ms without progress.
    const body = Buffer.alloc(48 * 1024 * 1024, 3);
    let received = 0;
    const slow = createServer((req, res) => {
      let allowance = 0;
      const tick = setInterval(() => {
        allowance = 2.4 * 1024 * 1024;
        req.resume();
      }, 100);
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        allowance -= chunk.length;
        if (allowance <= 0) req.pause();
      });
      req.on('end', () => {
        clearInterval(tick);
        res.writeHead(200, { etag: '"slow"' });
        res.end();
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const storage = s3At(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`, 500);
    try {
      const started = Date.now();
      // One 48 MB chunk: it counts as progress as it drains, piece by piece, not once.
      await expect(storage.putStream('big.mp4', Readable.from([body]), body.length, 'video/mp4')).resolves.toMatchObject({ size: body.length, etag: '"slow"' });
      expect(Date.now() - started).toBeGreaterThan(1_000);
      expect(received).toBe(body.length);
    } finally {
      await storage.close();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('answers a 503 (SlowDown) UNAVAILABLE, and leaves a 507 to be read as a full store', async () => {
    const slow = await answering(503, 'SlowDown');
    const full = await answering(507, 'XMinioStorageFull');
    const slowStorage = s3At(slow.endpoint);
    const fullStorage = s3At(full.endpoint);
    try {
      await expect(slowStorage.put('a.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject(unavailable);
      const error: unknown = await fullStorage.put('a.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(DomainError);
      expect(isStorageFull(error)).toBe(true);
    } finally {
      await slowStorage.close();
      await fullStorage.close();
      await slow.close();
      await full.close();
    }
  });
});
