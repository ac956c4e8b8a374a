import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, ADMIN_B, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('POST /api/settings/lock/acquire on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('grants a free lock for 300 s by default and refreshes it for its holder', async () => {
    const first = await s.a.post('/api/settings/lock/acquire', {});
    expect(first.status).toBe(200);
    expect(first.body.error).toBeNull();
    expect(first.body.lock.holder_email).toBe(ADMIN_A);
    expect(Date.parse(first.body.lock.expires_at) - Date.parse(first.body.lock.acquired_at)).toBe(300_000);

    s.advanceClock(60);
    const refreshed = await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 300 });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.lock.acquired_at).toBe(first.body.lock.acquired_at);
    expect(Date.parse(refreshed.body.lock.expires_at) - Date.parse(first.body.lock.expires_at)).toBeGreaterThanOrEqual(60_000);
    const types = (await s.siteEvents()).slice(-2).map((e) => e.type);
    expect(types).toEqual(['LockAcquired', 'LockRefreshed']);
  });

  it("answers 423 'Draft locked by another editor.' with the holder's lock while it is held", async () => {
    const held = await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 120 });
    const refused = await s.b.post('/api/settings/lock/acquire', { ttlSeconds: 300 });
    expect(refused.status).toBe(423);
    expect(refused.body.error).toBe('Draft locked by another editor.');
    expect(refused.body.lock).toEqual(held.body.lock);
    expect((await s.b.get('/api/settings/lock')).body.lock.holder_email).toBe(ADMIN_A);
  });

  it('lets another admin take over only after the lock has expired', async () => {
    await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 30 });
    s.advanceClock(29);
    expect((await s.b.post('/api/settings/lock/acquire', {})).status).toBe(423);
    s.advanceClock(2);
    const taken = await s.b.post('/api/settings/lock/acquire', {});
    expect(taken.status).toBe(200);
    expect(taken.body.lock.holder_email).toBe(ADMIN_B);
    const takeover = (await s.siteEvents()).at(-1)!;
    expect(takeover).toMatchObject({ type: 'LockAcquired', data: { holderEmail: ADMIN_B, previousHolderEmail: ADMIN_A } });
    // The former holder is now the one refused.
    expect((await s.a.post('/api/settings/lock/acquire', {})).status).toBe(423);
  });

  it('refuses a TTL outside 30..3600 s or not a whole number with 400', async () => {
    for (const ttlSeconds of [5, 3601, 1.5, '300']) {
      const res = await s.a.post('/api/settings/lock/acquire', { ttlSeconds });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await s.a.get('/api/settings/lock')).body.lock).toBeNull();
  });

  it("refuses visitors (401) and non-admins (403 'Admin access required to edit draft.')", async () => {
    expect((await s.visitor.post('/api/settings/lock/acquire', {})).status).toBe(401);
    const forbidden = await s.removed.post('/api/settings/lock/acquire', {});
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('Admin access required to edit draft.');
  });
});
