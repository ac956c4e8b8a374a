import { Client as PgClient } from 'pg';
import { databaseKinds } from '../../test-support/test-database';
import { withDefaultUser } from '../../platform/database/pg-database';
import { ADMIN_A, lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('POST /api/settings/versions on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('snapshots the draft as it reads now and answers the new version (201)', async () => {
    await lockAndSave(s.a, { site_title: 'Snapshotted' });
    const res = await s.a.post('/api/settings/versions', { label: '  Before launch  ', stage: 'draft' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      version: { id: expect.any(String), label: 'Before launch', stage: 'draft', status: 'draft', created_at: expect.any(String), author_email: ADMIN_A },
      error: null,
    });
    expect((await s.b.get('/api/settings/versions?limit=1')).body.versions).toEqual([res.body.version]);
    const event = (await s.siteEvents()).at(-1)!;
    expect(event).toMatchObject({ type: 'SnapshotSaved', data: { snapshotId: res.body.version.id, settings: { site_title: 'Snapshotted' } } });
  });

  it('takes a null or missing label, even while another admin holds the lock', async () => {
    await s.a.post('/api/settings/lock/acquire', {});
    const res = await s.b.post('/api/settings/versions', { label: null, stage: 'draft' });
    expect(res.status).toBe(201);
    expect(res.body.version.label).toBeNull();
    expect((await s.b.post('/api/settings/versions', {})).status).toBe(201);
  });

  // PostgreSQL only: holding a lock on a read model takes a second connection, which PGlite has not.
  (kind === 'postgres' ? it : it.skip)('answers 503 "saved, do not send it again" when the snapshot list cannot catch up, and lists it once it has', async () => {
    // A real projector that cannot write (as on a full disk): another session holds the snapshot
    // list in SHARE mode, which lets reads through and makes the projector's insert wait.
    const blocker = new PgClient({ connectionString: withDefaultUser(s.app.databaseUrl!) });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE rm.settings_versions IN SHARE MODE');
      const res = await s.a.post('/api/settings/versions', { label: 'While stuck', stage: 'draft' });
      expect({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') }).toEqual({
        status: 503,
        body: { error: expect.stringMatching(/^The snapshot was saved, .*do not send it again\.$/), code: 'UNAVAILABLE', recorded: true },
        retryAfter: null,
      });
      expect((await s.siteEvents()).at(-1)).toMatchObject({ type: 'SnapshotSaved', data: { label: 'While stuck' } });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // Once the lock goes, the projector's retry lists it (once: the client was told not to resend).
    const listed = async () => ((await s.b.get('/api/settings/versions?limit=100')).body.versions as { label: string | null }[]).filter((v) => v.label === 'While stuck').length;
    for (const until = Date.now() + 10_000; (await listed()) === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
    expect(await listed()).toBe(1);
  });

  it('refuses a stage other than draft, an over-long label, and outsiders', async () => {
    const live = await s.a.post('/api/settings/versions', { label: 'x', stage: 'live' });
    expect(live.status).toBe(400);
    expect(live.body.error).toBe("Snapshots are of the draft: stage must be 'draft'.");
    expect((await s.a.post('/api/settings/versions', { label: 'x'.repeat(201), stage: 'draft' })).status).toBe(400);
    expect((await s.visitor.post('/api/settings/versions', { label: null, stage: 'draft' })).status).toBe(401);
    expect((await s.removed.post('/api/settings/versions', { label: null, stage: 'draft' })).status).toBe(403);
  });
});
