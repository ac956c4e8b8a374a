import { databaseKinds } from '../../test-support/test-database';
import { lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('POST /api/settings/versions/:id/restore on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('overwrites the draft with the snapshot and answers the draft', async () => {
    const snapshotted = await lockAndSave(s.a, { site_title: 'Keep this', hero_title: 'Kept hero' });
    const snapshot = await s.a.post('/api/settings/versions', { label: 'Good', stage: 'draft' });
    await lockAndSave(s.a, { site_title: 'Regrettable', hero_title: 'Regrettable hero' });

    const res = await s.a.post(`/api/settings/versions/${snapshot.body.version.id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    const { updated_at: _restoredAt, ...restored } = res.body.data;
    const { updated_at: _savedAt, ...expected } = snapshotted;
    expect(restored).toEqual(expected);
    expect((await s.b.get('/api/settings?stage=draft')).body).toEqual(res.body.data);
    expect((await s.siteEvents()).at(-1)).toMatchObject({ type: 'SnapshotRestored', data: { snapshotId: snapshot.body.version.id, label: 'Good' } });
  });

  it('answers 404 for an unknown snapshot and 423 while another editor holds the lock', async () => {
    const missing = await s.a.post('/api/settings/versions/not-a-snapshot/restore');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Snapshot not found.');

    const snapshot = await s.b.post('/api/settings/versions', { label: null, stage: 'draft' });
    await lockAndSave(s.a, { site_title: 'Held' });
    const refused = await s.b.post(`/api/settings/versions/${snapshot.body.version.id}/restore`);
    expect(refused.status).toBe(423);
    expect(refused.body.error).toBe('Draft locked by another editor.');
    expect((await s.a.get('/api/settings?stage=draft')).body.site_title).toBe('Held');
  });

  it('is for admins only', async () => {
    expect((await s.visitor.post('/api/settings/versions/x/restore')).status).toBe(401);
    expect((await s.removed.post('/api/settings/versions/x/restore')).status).toBe(403);
  });
});
