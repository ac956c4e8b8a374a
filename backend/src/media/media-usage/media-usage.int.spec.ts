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
    expect((await m.admin.get('/api/storage/usage?path=unused.png')).body).toEqual({ items: [] });
  });

  it('is for admins only', async () => {
    expect((await m.visitor.get('/api/storage/usage')).status).toBe(401);
    expect((await m.member.get('/api/storage/usage')).status).toBe(403);
  });
});
