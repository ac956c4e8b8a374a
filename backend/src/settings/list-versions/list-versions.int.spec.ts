import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, ADMIN_B, lockAndSave, releaseAll, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('GET /api/settings/versions on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('answers {versions: []} before any snapshot', async () => {
    const res = await s.a.get('/api/settings/versions?limit=20');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ versions: [] });
  });

  it('lists snapshots of both admins newest first, honouring limit and stage=draft', async () => {
    for (let i = 1; i <= 3; i += 1) {
      await lockAndSave(s.a, { site_title: `Title ${i}` });
      expect((await s.a.post('/api/settings/versions', { label: `a-${i}`, stage: 'draft' })).status).toBe(201);
    }
    await releaseAll(s);
    expect((await s.b.post('/api/settings/versions', { label: null, stage: 'draft' })).status).toBe(201);

    const all = await s.b.get('/api/settings/versions?limit=20');
    expect(all.body.versions.map((v: { label: string | null; author_email: string }) => [v.label, v.author_email])).toEqual([
      [null, ADMIN_B],
      ['a-3', ADMIN_A],
      ['a-2', ADMIN_A],
      ['a-1', ADMIN_A],
    ]);
    for (const v of all.body.versions) {
      expect(Object.keys(v).sort()).toEqual(['author_email', 'created_at', 'id', 'label', 'stage', 'status']);
      expect(v).toMatchObject({ stage: 'draft', status: 'draft' });
    }
    const two = await s.a.get('/api/settings/versions?stage=draft&limit=2');
    expect(two.body.versions.map((v: { label: string | null }) => v.label)).toEqual([null, 'a-3']);
  });

  it('refuses a bad limit or stage with 400, and outsiders', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'stage=live']) {
      expect((await s.a.get(`/api/settings/versions?${query}`)).status).toBe(400);
    }
    expect((await s.visitor.get('/api/settings/versions')).status).toBe(401);
    expect((await s.removed.get('/api/settings/versions')).status).toBe(403);
  });
});
