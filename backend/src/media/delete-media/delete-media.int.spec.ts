import { MEDIA_TEXTS } from '@punchline/domain';
import { databaseKinds } from '../../test-support/test-database';
import { FIXTURES, getRaw, saveDraft, startMediaApp, uploaded, type MediaApp } from '../test-support/media-app.test-kit';

describe.each(databaseKinds())('POST /api/storage/delete on %s', (kind) => {
  let m: MediaApp;
  beforeAll(async () => {
    m = await startMediaApp(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('deletes an unused file: gone from the list, the proxy and the store', async () => {
    const file = await uploaded(m, 'spare.png', FIXTURES.png);
    const res = await m.admin.post('/api/storage/delete', { path: file.path });
    expect([res.status, res.body]).toEqual([200, { deleted: 'spare.png' }]);
    expect((await m.admin.get('/api/storage/list')).body.items.map((i: { path: string }) => i.path)).not.toContain('spare.png');
    expect((await getRaw(m, file.url)).status).toBe(404);
    expect((await m.mediaEvents()).at(-1)).toMatchObject({ type: 'MediaDeleted', data: { path: 'spare.png', name: 'spare.png', size: FIXTURES.png.length } });
  });

  it('is blocked with 409 and the list of stages and locations while draft or live settings use the file', async () => {
    const hero = await uploaded(m, 'hero.png', FIXTURES.png);
    await saveDraft(m.admin, { hero_image_url: hero.url });
    expect((await m.admin.post('/api/settings/publish', {})).status).toBe(200);
    // The draft also uses it in a media section, under the storage path form of the previous product.
    await saveDraft(m.admin, { media_sections: [{ title: 'Photos', items: [{ type: 'image', title: 'Crowd', url: 'https://old.example/storage/v1/object/public/media/hero.png' }] }] });

    const before = (await m.mediaEvents()).length;
    const res = await m.admin.post('/api/storage/delete', { path: 'hero.png' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(MEDIA_TEXTS.inUse);
    expect(res.body.usage.map((u: { stage: string; location: string }) => `${u.stage}: ${u.location}`)).toEqual([
      'draft: Home › Hero image',
      'draft: Media › item 1 (Photos) › item 1 (Crowd) › Link',
      'live: Home › Hero image',
    ]);
    expect((await m.mediaEvents()).length).toBe(before);
    expect((await getRaw(m, hero.url)).status).toBe(200);

    const usage = await m.admin.get('/api/storage/usage?path=hero.png');
    expect(usage.body.items).toEqual([{ path: 'hero.png', usage: res.body.usage }]);
  });

  it('answers 404 for a file not in the library and 400 for unsafe or missing paths', async () => {
    expect((await m.admin.post('/api/storage/delete', { path: 'never-uploaded.png' })).status).toBe(404);
    for (const body of [{ path: '../secret.png' }, { path: '/etc/passwd' }, { path: '' }, {}, { path: 7 }]) {
      expect([body, (await m.admin.post('/api/storage/delete', body)).status]).toEqual([body, 400]);
    }
  });

  it('is for admins only', async () => {
    expect((await m.visitor.post('/api/storage/delete', { path: 'hero.png' })).status).toBe(401);
    expect((await m.member.post('/api/storage/delete', { path: 'hero.png' })).status).toBe(403);
  });
});
