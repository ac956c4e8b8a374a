import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_B, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('DELETE /api/settings/versions/:id on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it("deletes another admin's snapshot permanently; a second delete is 404", async () => {
    const keep = await s.a.post('/api/settings/versions', { label: 'keep', stage: 'draft' });
    const drop = await s.a.post('/api/settings/versions', { label: 'drop', stage: 'draft' });
    const res = await s.b.delete(`/api/settings/versions/${drop.body.version.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: drop.body.version.id, error: null });
    expect((await s.a.get('/api/settings/versions')).body.versions.map((v: { id: string }) => v.id)).toEqual([keep.body.version.id]);
    expect((await s.siteEvents()).at(-1)).toMatchObject({ type: 'SnapshotDeleted', data: { label: 'drop' }, metadata: { actorEmail: ADMIN_B } });

    const again = await s.b.delete(`/api/settings/versions/${drop.body.version.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Snapshot not found.');
    expect((await s.a.post(`/api/settings/versions/${drop.body.version.id}/restore`)).status).toBe(404);
  });

  it('is for admins only', async () => {
    const snapshot = await s.a.post('/api/settings/versions', { label: null, stage: 'draft' });
    expect((await s.visitor.delete(`/api/settings/versions/${snapshot.body.version.id}`)).status).toBe(401);
    expect((await s.removed.delete(`/api/settings/versions/${snapshot.body.version.id}`)).status).toBe(403);
    expect((await s.a.get('/api/settings/versions')).body.versions.map((v: { id: string }) => v.id)).toContain(snapshot.body.version.id);
  });
});
