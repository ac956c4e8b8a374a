import { databaseKinds } from '../../test-support/test-database';
import { lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('POST /api/settings/pull-live on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('overwrites the draft with live and publishes nothing', async () => {
    await lockAndSave(s.a, { site_title: 'Live one' });
    expect((await s.a.post('/api/settings/publish', {})).status).toBe(200);
    await lockAndSave(s.a, { site_title: 'Unpublished edit', hero_title: 'Draft hero' });
    const liveBefore = await s.visitor.get('/api/settings?stage=live');

    const pulled = await s.a.post('/api/settings/pull-live');
    expect(pulled.status).toBe(200);
    expect(pulled.body.error).toBeNull();
    expect(pulled.body.data).toMatchObject({ site_title: 'Live one', hero_title: liveBefore.body.hero_title });
    expect((await s.b.get('/api/settings?stage=draft')).body).toEqual(pulled.body.data);
    const liveAfter = await s.visitor.get('/api/settings?stage=live');
    expect(liveAfter.headers.get('etag')).toBe(liveBefore.headers.get('etag'));
    expect((await s.siteEvents()).at(-1)!.type).toBe('DraftPulledFromLive');
  });

  it('records a pull that changes nothing with empty changes when the draft already equals live (issue 10)', async () => {
    await s.a.post('/api/settings/pull-live');
    const before = (await s.siteEvents()).length;
    expect((await s.a.post('/api/settings/pull-live')).status).toBe(200);
    const events = await s.siteEvents();
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({ type: 'DraftPulledFromLive', data: { changes: {} } });
  });

  it("answers 423 while another editor holds the lock, and refuses outsiders", async () => {
    await lockAndSave(s.a, { site_title: 'Held draft' });
    const refused = await s.b.post('/api/settings/pull-live');
    expect(refused.status).toBe(423);
    expect(refused.body.error).toBe('Draft locked by another editor.');
    expect((await s.a.get('/api/settings?stage=draft')).body.site_title).toBe('Held draft');
    expect((await s.visitor.post('/api/settings/pull-live')).status).toBe(401);
    expect((await s.removed.post('/api/settings/pull-live')).status).toBe(403);
  });
});
