import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('GET /api/settings/versions/:id on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('answers one snapshot with the draft settings it holds, even after the draft moved on', async () => {
    await lockAndSave(s.a, { hero_title: 'Snapshot title' });
    const created = await s.a.post('/api/settings/versions', { label: 'pinned', stage: 'draft' });
    await lockAndSave(s.a, { hero_title: 'Later title' });

    const res = await s.b.get(`/api/settings/versions/${created.body.version.id}`);
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.version).toMatchObject({ id: created.body.version.id, label: 'pinned', stage: 'draft', status: 'draft', author_email: ADMIN_A });
    expect(res.body.version.settings.hero_title).toBe('Snapshot title');
  });

  it('is 404 for an unknown id and for admins only', async () => {
    const missing = await s.a.get('/api/settings/versions/no-such-snapshot');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Snapshot not found.');
    expect((await s.a.get(`/api/settings/versions/${'x'.repeat(500)}`)).status).toBe(404);
    const snapshot = await s.a.post('/api/settings/versions', { label: null, stage: 'draft' });
    expect((await s.visitor.get(`/api/settings/versions/${snapshot.body.version.id}`)).status).toBe(401);
    expect((await s.removed.get(`/api/settings/versions/${snapshot.body.version.id}`)).status).toBe(403);
  });
});
