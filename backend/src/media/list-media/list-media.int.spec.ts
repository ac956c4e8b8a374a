import { databaseKinds } from '../../test-support/test-database';
import { FIXTURES, startMediaApp, upload, type MediaApp } from '../test-support/media-app.test-kit';

describe.each(databaseKinds())('GET /api/storage/list on %s', (kind) => {
  let m: MediaApp;
  const names = (res: { body: { items: { name: string }[] } }) => res.body.items.map((i) => i.name);

  beforeAll(async () => {
    m = await startMediaApp(kind);
    // Distinct sizes and upload times: b (small) first, then a (large), then c_100% (medium).
    expect((await upload(m, 'b-poster.png', FIXTURES.png)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 15));
    expect((await upload(m, 'A-clip.mp4', FIXTURES.mp4)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 15));
    expect((await upload(m, 'c_100%.jpg', FIXTURES.jpeg)).status).toBe(201);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('answers every SPEC §3 field, newest first by default', async () => {
    const res = await m.admin.get('/api/storage/list');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(names(res)).toEqual(['c_100.jpg', 'a-clip.mp4', 'b-poster.png']);
    const item = res.body.items[1];
    // SPEC §3's fields, and what the image pipeline knows (issue 13).
    expect(Object.keys(item).sort()).toEqual(['created_at', 'height', 'mime_type', 'name', 'path', 'processing_error', 'size', 'thumbnail_url', 'updated_at', 'url', 'width']);
    expect(item).toMatchObject({ name: 'a-clip.mp4', path: 'a-clip.mp4', url: '/api/storage/proxy?bucket=media&path=a-clip.mp4', size: FIXTURES.mp4.length, mime_type: 'video/mp4' });
    expect(Date.parse(item.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sorts by updated_at, name and size in either direction', async () => {
    expect(names(await m.admin.get('/api/storage/list?sort=updated_at&direction=asc'))).toEqual(['b-poster.png', 'a-clip.mp4', 'c_100.jpg']);
    expect(names(await m.admin.get('/api/storage/list?sort=name&direction=asc'))).toEqual(['a-clip.mp4', 'b-poster.png', 'c_100.jpg']);
    expect(names(await m.admin.get('/api/storage/list?sort=name&direction=desc'))).toEqual(['c_100.jpg', 'b-poster.png', 'a-clip.mp4']);
    expect(names(await m.admin.get('/api/storage/list?sort=size&direction=desc'))).toEqual(['a-clip.mp4', 'c_100.jpg', 'b-poster.png']);
  });

  it('searches names case-insensitively, treating LIKE wildcards literally', async () => {
    expect(names(await m.admin.get('/api/storage/list?q=POSTER'))).toEqual(['b-poster.png']);
    expect(names(await m.admin.get('/api/storage/list?q=_1'))).toEqual(['c_100.jpg']);
    expect(names(await m.admin.get('/api/storage/list?q=%25'))).toEqual([]);
    expect(names(await m.admin.get('/api/storage/list?q=%20%20'))).toHaveLength(3);
  });

  it('refuses unknown sorts and directions with 400', async () => {
    expect((await m.admin.get('/api/storage/list?sort=owner')).status).toBe(400);
    expect((await m.admin.get('/api/storage/list?direction=up')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await m.visitor.get('/api/storage/list')).status).toBe(401);
    expect((await m.member.get('/api/storage/list')).status).toBe(403);
  });
});
