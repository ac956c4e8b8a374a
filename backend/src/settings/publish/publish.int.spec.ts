import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('POST /api/settings/publish on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('publishes the current draft; the very next public read sees it', async () => {
    await lockAndSave(s.a, { site_title: 'Published title', footer_text: 'New footer' });
    const res = await s.a.post('/api/settings/publish', {});
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.data).toMatchObject({ site_title: 'Published title', footer_text: 'New footer' });
    const live = await s.visitor.get('/api/settings?stage=live');
    expect(live.body).toEqual(res.body.data);
    expect(live.headers.get('etag')).toBe(`"live-${res.body.version}"`);
    const event = (await s.siteEvents()).at(-1)!;
    expect(event).toMatchObject({ type: 'Published', data: { snapshotId: null }, metadata: { actorEmail: ADMIN_A } });
    expect(event.globalPosition).toBe(res.body.version);
  });

  it('publishes a chosen snapshot instead of the current draft, and marks it published', async () => {
    await lockAndSave(s.a, { site_title: 'Snapshot title' });
    const snapshot = await s.a.post('/api/settings/versions', { label: 'Reviewed', stage: 'draft' });
    expect(snapshot.status).toBe(201);
    await lockAndSave(s.a, { site_title: 'Later unreviewed edit' });

    const res = await s.a.post('/api/settings/publish', { snapshotId: snapshot.body.version.id });
    expect(res.status).toBe(200);
    expect((await s.visitor.get('/api/settings')).body.site_title).toBe('Snapshot title');
    // The draft keeps the later edit.
    expect((await s.a.get('/api/settings?stage=draft')).body.site_title).toBe('Later unreviewed edit');
    const versions = await s.b.get('/api/settings/versions?limit=20&stage=draft');
    expect(versions.body.versions.find((v: { id: string }) => v.id === snapshot.body.version.id).status).toBe('published');
  });

  it("answers 404 for an unknown snapshot, 400 for a malformed one, 423 while another editor holds the lock", async () => {
    const missing = await s.a.post('/api/settings/publish', { snapshotId: 'no-such-snapshot' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Snapshot not found.');
    expect((await s.a.post('/api/settings/publish', { snapshotId: 42 })).status).toBe(400);

    await lockAndSave(s.a, { site_title: 'Held by a' });
    const liveBefore = await s.visitor.get('/api/settings');
    const refused = await s.b.post('/api/settings/publish', {});
    expect(refused.status).toBe(423);
    expect(refused.body.error).toBe('Draft locked by another editor.');
    expect((await s.visitor.get('/api/settings')).body).toEqual(liveBefore.body);
  });

  it('is for admins only', async () => {
    expect((await s.visitor.post('/api/settings/publish', {})).status).toBe(401);
    expect((await s.removed.post('/api/settings/publish', {})).status).toBe(403);
  });
});
