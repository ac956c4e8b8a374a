import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('POST /api/settings/lock/release on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('releases the holder’s lock so the other admin can take it', async () => {
    await s.a.post('/api/settings/lock/acquire', {});
    const released = await s.a.post('/api/settings/lock/release', {});
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ lock: null, error: null });
    expect((await s.b.post('/api/settings/lock/acquire', {})).status).toBe(200);
    expect((await s.siteEvents()).at(-2)).toMatchObject({ type: 'LockReleased', data: { holderEmail: ADMIN_A, reason: 'released' } });
  });

  it("changes nothing when the caller does not hold the lock, and answers the lock that is left", async () => {
    const held = await s.a.post('/api/settings/lock/acquire', {});
    const before = (await s.siteEvents()).length;
    const res = await s.b.post('/api/settings/lock/release', {});
    expect(res.status).toBe(200);
    expect(res.body.lock).toEqual(held.body.lock);
    expect((await s.siteEvents()).length).toBe(before);
  });

  it('works as a page-close beacon: empty JSON body, text/plain body, or a reason', async () => {
    for (const send of [
      () => s.a.request('POST', '/api/settings/lock/release', undefined, { 'content-type': 'application/json' }),
      () => s.a.request('POST', '/api/settings/lock/release', undefined, { 'content-type': 'text/plain;charset=UTF-8' }),
      () => s.a.post('/api/settings/lock/release', { reason: 'page-closed' }),
    ]) {
      expect((await s.a.post('/api/settings/lock/acquire', {})).status).toBe(200);
      const res = await send();
      expect(res.status).toBe(200);
      expect((await s.b.get('/api/settings/lock')).body.lock).toBeNull();
    }
    expect((await s.siteEvents()).at(-1)).toMatchObject({ type: 'LockReleased', data: { reason: 'page-closed' } });
    expect((await s.a.post('/api/settings/lock/release', { reason: 'bored' })).status).toBe(400);
  });

  it("refuses visitors (401) and non-admins (403 'Admin access required to edit draft.')", async () => {
    expect((await s.visitor.post('/api/settings/lock/release', {})).status).toBe(401);
    const forbidden = await s.removed.post('/api/settings/lock/release', {});
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('Admin access required to edit draft.');
  });
});
