import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('GET /api/settings/lock on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('answers {lock: null} while nobody holds the draft', async () => {
    const res = await s.a.get('/api/settings/lock');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lock: null, error: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("shows the other admin who holds the lock, and reads it as free once it has expired", async () => {
    const acquired = await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 60 });
    expect(acquired.status).toBe(200);
    const seen = await s.b.get('/api/settings/lock');
    expect(seen.status).toBe(200);
    expect(seen.body.lock).toEqual(acquired.body.lock);
    expect(seen.body.lock.holder_email).toBe(ADMIN_A);
    s.advanceClock(61);
    expect((await s.b.get('/api/settings/lock')).body).toEqual({ lock: null, error: null });
  });

  it("refuses visitors (401) and non-admins (403 'Admin access required to edit draft.')", async () => {
    expect((await s.visitor.get('/api/settings/lock')).status).toBe(401);
    const forbidden = await s.removed.get('/api/settings/lock');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'Admin access required to edit draft.', code: 'FORBIDDEN' });
  });
});
