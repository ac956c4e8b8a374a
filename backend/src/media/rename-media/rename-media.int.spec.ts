import { MEDIA_TEXTS } from '@punchline/domain';
import { SITE_STREAM } from '@punchline/domain';
import { databaseKinds } from '../../test-support/test-database';
import { FIXTURES, getRaw, saveDraft, startMediaApp, uploaded, type MediaApp } from '../test-support/media-app.test-kit';

describe.each(databaseKinds())('POST /api/storage/rename on %s', (kind) => {
  let m: MediaApp;
  beforeAll(async () => {
    m = await startMediaApp(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('renames the file and rewrites every reference in draft and live, counting them per stage', async () => {
    const hero = await uploaded(m, 'hero.png', FIXTURES.png);
    const absolute = `${m.app.baseUrl}${hero.url}`;
    await saveDraft(m.admin, { hero_image_url: hero.url, who_image_url: absolute });
    expect((await m.admin.post('/api/settings/publish', {})).status).toBe(200);
    await saveDraft(m.admin, { about_team: [{ name: 'Ana', title: 'Host', bio: '', photo_url: hero.url, socials: [] }] });

    const res = await m.admin.post('/api/storage/rename', { fromPath: 'hero.png', toName: 'Opening Night' });
    expect(res.status).toBe(200);
    const newUrl = '/api/storage/proxy?bucket=media&path=opening-night.png';
    expect(res.body).toEqual({ totalUpdated: 5, replacements: { draft: 3, live: 2 }, path: 'opening-night.png', url: newUrl });

    const draft = (await m.admin.get('/api/settings?stage=draft')).body;
    const live = (await m.visitor.get('/api/settings?stage=live')).body;
    expect([draft.hero_image_url, draft.who_image_url, draft.about_team[0].photo_url]).toEqual([newUrl, newUrl, newUrl]);
    expect([live.hero_image_url, live.who_image_url]).toEqual([newUrl, newUrl]);

    expect((await getRaw(m, hero.url)).status).toBe(404);
    expect((await getRaw(m, newUrl)).body.equals(FIXTURES.png)).toBe(true);
    expect((await m.admin.get('/api/storage/list')).body.items.map((i: { name: string }) => i.name)).toEqual(['opening-night.png']);

    const media = (await m.mediaEvents()).at(-1)!;
    expect(media).toMatchObject({ type: 'MediaRenamed', data: { fromPath: 'hero.png', toPath: 'opening-night.png' } });
    const site = (await m.app.runtime.store.readStream(SITE_STREAM)).filter((e) => e.type === 'MediaReferencesRewritten');
    expect(site.map((e) => [(e.data as { stage: string }).stage, (e.data as { count: number }).count])).toEqual([
      ['draft', 3],
      ['live', 2],
    ]);
  });

  it('ignores a blank or unchanged name: nothing recorded, nothing moved', async () => {
    await uploaded(m, 'keep.gif', FIXTURES.gif);
    const before = (await m.mediaEvents()).length;
    for (const toName of ['', '   ', 'keep', 'KEEP.gif']) {
      const res = await m.admin.post('/api/storage/rename', { fromPath: 'keep.gif', toName });
      expect([toName, res.status, res.body]).toEqual([toName, 200, { totalUpdated: 0, replacements: { draft: 0, live: 0 }, path: 'keep.gif', url: '/api/storage/proxy?bucket=media&path=keep.gif' }]);
    }
    expect((await m.mediaEvents()).length).toBe(before);
  });

  it('refuses a name that is taken (409), a missing file (404) and unsafe input (400)', async () => {
    await uploaded(m, 'first.gif', FIXTURES.gif);
    await uploaded(m, 'second.gif', FIXTURES.gif);
    const taken = await m.admin.post('/api/storage/rename', { fromPath: 'first.gif', toName: 'second' });
    expect([taken.status, taken.body.error]).toEqual([409, MEDIA_TEXTS.nameTaken]);
    expect((await getRaw(m, '/api/storage/proxy?bucket=media&path=first.gif')).status).toBe(200);
    expect((await m.admin.post('/api/storage/rename', { fromPath: 'nope.gif', toName: 'x' })).status).toBe(404);
    expect((await m.admin.post('/api/storage/rename', { fromPath: '../first.gif', toName: 'x' })).status).toBe(400);
    expect((await m.admin.post('/api/storage/rename', { fromPath: 'first.gif' })).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await m.visitor.post('/api/storage/rename', { fromPath: 'first.gif', toName: 'x' })).status).toBe(401);
    expect((await m.member.post('/api/storage/rename', { fromPath: 'first.gif', toName: 'x' })).status).toBe(403);
  });

  it('a save that still holds a renamed file\'s old link names the file where it is now, and says so (issue 13 point 5)', async () => {
    const poster = await uploaded(m, 'poster.gif', FIXTURES.gif);
    expect((await m.admin.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    // The editor's form holds the poster's link in a list; meanwhile the file is renamed twice.
    const section = (url: string) => [{ title: 'Posters', items: [{ type: 'image', title: 'Spring', url }] }];
    expect((await m.admin.put('/api/settings?stage=draft', { media_sections: section(poster.url) })).status).toBe(200);
    expect((await m.admin.post('/api/storage/rename', { fromPath: 'poster.gif', toName: 'spring-poster' })).status).toBe(200);
    expect((await m.admin.post('/api/storage/rename', { fromPath: 'spring-poster.gif', toName: 'spring-2025' })).status).toBe(200);
    const now = '/api/storage/proxy?bucket=media&path=spring-2025.gif';

    // Its next save sends the list again, old link included, with another edit.
    const res = await m.admin.put('/api/settings?stage=draft', { media_sections: [...section(poster.url), { title: 'Stills', items: [] }], hero_title: 'Spring' });
    expect(res.status).toBe(200);
    expect(res.body.media_renamed).toEqual([{ from: 'poster.gif', to: 'spring-2025.gif', url: now }]);
    expect(res.body.data.media_sections[0].items[0].url).toBe(now);
    expect((await m.admin.get('/api/settings?stage=draft')).body.media_sections[0].items[0].url).toBe(now);

    // A save with nothing renamed says nothing; a name taken again by a new upload is that new file.
    const plain = await m.admin.put('/api/settings?stage=draft', { hero_title: 'Spring again' });
    expect(plain.body.media_renamed).toBeUndefined();
    const again = await uploaded(m, 'poster.gif', FIXTURES.gif);
    const kept = await m.admin.put('/api/settings?stage=draft', { hero_image_url: again.url });
    expect([kept.body.media_renamed, kept.body.data.hero_image_url]).toEqual([undefined, again.url]);
    expect((await m.admin.post('/api/settings/lock/release', {})).status).toBe(200);
  });
});
