import { databaseKinds } from '../../test-support/test-database';
import { FIXTURES, saveDraft, startMediaApp, uploaded, type MediaApp } from '../test-support/media-app.test-kit';

describe.each(databaseKinds())('GET /api/storage/usage on %s', (kind) => {
  let m: MediaApp;
  beforeAll(async () => {
    m = await startMediaApp(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('lists every used file with where it is used; unused files are absent', async () => {
    const logo = await uploaded(m, 'logo.png', FIXTURES.png);
    await uploaded(m, 'unused.png', FIXTURES.png);
    await saveDraft(m.admin, { logo_url: `${m.app.baseUrl}${logo.url}`, merch_items: [{ title: 'Tee', price: '20', description: '', image_url: logo.url, buy_url: '' }] });

    const res = await m.admin.get('/api/storage/usage');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        path: 'logo.png',
        usage: [
          { stage: 'draft', location: 'Branding › Logo', field: 'logo_url', path: 'logo_url', url: `${m.app.baseUrl}${logo.url}` },
          { stage: 'draft', location: 'Merch › item 1 (Tee) › Image', field: 'merch_items', path: 'merch_items[0].image_url', url: logo.url },
        ],
      },
    ]);
    expect((await m.admin.get('/api/storage/usage?path=unused.png')).body).toEqual({ items: [], history: { snapshots: [], publishes: [] } });
  });

  it('is for admins only', async () => {
    expect((await m.visitor.get('/api/storage/usage')).status).toBe(401);
    expect((await m.member.get('/api/storage/usage')).status).toBe(403);
  });

  it('names the snapshots and earlier publishes that keep a file; the delete is allowed, and restoring the snapshot names the missing file (issue 13 point 6)', async () => {
    const poster = await uploaded(m, 'season-poster.png', FIXTURES.png);
    await saveDraft(m.admin, { hero_image_url: poster.url });
    const first = await m.admin.post('/api/settings/publish', {});
    expect(first.status).toBe(200);
    expect((await m.admin.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    const snapshot = await m.admin.post('/api/settings/versions', { label: 'Spring', stage: 'draft' });
    expect(snapshot.status).toBe(201);
    expect((await m.admin.post('/api/settings/lock/release', {})).status).toBe(200);
    await saveDraft(m.admin, { hero_image_url: '' });
    expect((await m.admin.post('/api/settings/publish', {})).status).toBe(200);

    const usage = (await m.admin.get('/api/storage/usage?path=season-poster.png')).body;
    expect(usage.items).toEqual([]);
    expect(usage.history.snapshots).toEqual([{ id: snapshot.body.version.id, label: 'Spring', created_at: expect.any(String) }]);
    expect(usage.history.publishes).toHaveLength(1);
    expect(usage.history.publishes[0]).toEqual({ position: expect.any(Number), occurred_at: expect.any(String) });

    expect((await m.admin.post('/api/storage/delete', { path: 'season-poster.png' })).status).toBe(200);
    expect((await m.admin.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    const restored = await m.admin.post(`/api/settings/versions/${snapshot.body.version.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.missing_media).toEqual(['season-poster.png']);
    expect(restored.body.data.hero_image_url).toBe(poster.url);
    expect((await m.admin.post('/api/settings/lock/release', {})).status).toBe(200);
  });
});
