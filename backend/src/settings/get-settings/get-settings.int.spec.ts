import { settingsDefaults } from '@punchline/domain';
import { databaseKinds } from '../../test-support/test-database';
import { lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('GET /api/settings on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('answers the public defaults for a site nobody has published, to visitors and admins, with an ETag', async () => {
    for (const path of ['/api/settings', '/api/settings?stage=live']) {
      const res = await s.visitor.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(settingsDefaults('public'));
      expect(res.headers.get('etag')).toBe('"live-0"');
    }
    expect((await s.a.get('/api/settings?stage=live')).body).toEqual(settingsDefaults('public'));
    const unchanged = await s.visitor.get('/api/settings?stage=live', { 'if-none-match': '"live-0"' });
    expect(unchanged.status).toBe(304);
  });

  it('gives admins the draft merged over live (editor reading) and everyone else live', async () => {
    await lockAndSave(s.a, { site_title: 'Draft only', theme_accent: 'f0a' });
    const draftForA = await s.a.get('/api/settings?stage=draft');
    const draftForB = await s.b.get('/api/settings?stage=draft');
    expect(draftForA.status).toBe(200);
    expect(draftForA.body).toMatchObject({ site_title: 'Draft only', theme_accent: '#FF00AA', theme_bg: settingsDefaults('editor').theme_bg });
    expect(draftForB.body).toEqual(draftForA.body);
    expect(draftForA.headers.get('cache-control')).toBe('private, no-store');
    expect(draftForA.headers.get('vary')).toContain('Cookie');

    for (const outsider of [s.visitor, s.removed]) {
      const res = await outsider.get('/api/settings?stage=draft');
      expect(res.status).toBe(200);
      expect(res.body.site_title).toBe(settingsDefaults('public').site_title);
    }
  });

  it('changes the live answer, its version and ETag only when a publish is projected', async () => {
    const before = await s.visitor.get('/api/settings?stage=live');
    await lockAndSave(s.a, { site_title: 'Going live' });
    expect((await s.visitor.get('/api/settings?stage=live')).headers.get('etag')).toBe(before.headers.get('etag'));
    const published = await s.a.post('/api/settings/publish', {});
    expect(published.status).toBe(200);
    const after = await s.visitor.get('/api/settings?stage=live');
    expect(after.body.site_title).toBe('Going live');
    expect(after.body.updated_at).toEqual(expect.any(String));
    expect(after.headers.get('etag')).toBe(`"live-${published.body.version}"`);
    expect((await s.visitor.get('/api/settings?stage=live', { 'if-none-match': before.headers.get('etag')! })).status).toBe(200);
  });

  it('answers the hot public forms (no stage, stage=live) from cached bytes identical to the full pipeline', async () => {
    const viaPipeline = await s.visitor.get('/api/settings?stage=live&nocache=1');
    for (const path of ['/api/settings', '/api/settings?stage=live']) {
      const res = await s.visitor.get(path);
      expect(res.body).toEqual(viaPipeline.body);
      expect(res.headers.get('etag')).toBe(viaPipeline.headers.get('etag'));
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const head = await s.visitor.request('HEAD', '/api/settings');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(viaPipeline.headers.get('etag'));
  });

  it('keeps the admin-only quick links out of the visitors\' live answer and gives them to admins', async () => {
    const links = [{ label: 'Box office', url: 'https://tickets.example/backstage' }];
    await lockAndSave(s.a, { admin_quick_links: links });
    expect((await s.a.post('/api/settings/publish', {})).status).toBe(200);
    for (const outsider of [s.visitor, s.removed]) {
      const res = await outsider.get('/api/settings?stage=live');
      expect(res.headers.get('vary')).toContain('Cookie');
      expect(res.body.admin_quick_links).toEqual([]);
      expect(JSON.stringify(res.body)).not.toContain('tickets.example');
    }
    const forAdmin = await s.a.get('/api/settings?stage=live');
    expect(forAdmin.body.admin_quick_links).toEqual(links);
    expect(forAdmin.headers.get('cache-control')).toBe('private, no-cache');
    expect(forAdmin.headers.get('etag')).not.toBe((await s.visitor.get('/api/settings?stage=live')).headers.get('etag'));
  });

  it('refuses an unknown stage with 400', async () => {
    const res = await s.visitor.get('/api/settings?stage=staging');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('stage must be live or draft.');
  });
});
