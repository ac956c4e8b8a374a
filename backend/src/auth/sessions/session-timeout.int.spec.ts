import { publish } from '../../site/test-support/site-publishing';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { SessionStoreService } from './session-store.service';

function sidOf(cookie: string): string {
  return decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
}

describe('session timeout: live session_timeout_minutes, overridden by SESSION_TIMEOUT_MINUTES', () => {
  let live: TestApp;
  let fixed: TestApp;
  beforeAll(async () => {
    [live, fixed] = await Promise.all([startTestApp(), startTestApp({ env: { SESSION_TIMEOUT_MINUTES: '45' } })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([live?.close(), fixed?.close()]);
  }, 60_000);

  async function expiryIn(t: TestApp, cookie: string): Promise<number> {
    const r = await t.db.query<{ expires_at: Date | string }>('SELECT expires_at FROM auth.sessions WHERE sid = $1', [sidOf(cookie)]);
    return new Date(r.rows[0]!.expires_at).getTime() - Date.now();
  }

  it('follows the published setting: 30 by default, then what the admins chose', async () => {
    const admin = http(live.baseUrl, await signIn(live.baseUrl, TEST_ADMIN_EMAIL));
    expect((await admin.get('/api/auth/me')).body.sessionTimeoutMinutes).toBe(30);
    await publish(admin, { session_timeout_minutes: 10 });
    const cookie = await signIn(live.baseUrl, TEST_ADMIN_EMAIL);
    expect((await http(live.baseUrl, cookie).get('/api/auth/me')).body.sessionTimeoutMinutes).toBe(10);
    expect(Math.abs((await expiryIn(live, cookie)) - 10 * 60_000)).toBeLessThan(10_000);
  });

  it('SESSION_TIMEOUT_MINUTES wins over the setting', async () => {
    const cookie = await signIn(fixed.baseUrl, TEST_ADMIN_EMAIL);
    const admin = http(fixed.baseUrl, cookie);
    await publish(admin, { session_timeout_minutes: 10 });
    expect((await admin.get('/api/auth/me')).body.sessionTimeoutMinutes).toBe(45);
    expect(Math.abs((await expiryIn(fixed, cookie)) - 45 * 60_000)).toBeLessThan(10_000);
  });
});

/**
 * A session survives a request during which it could not be loaded (the database away for a
 * moment): that request answers 503, the next one is signed in as before. With express-session's
 * unset: 'destroy', the failed load left the response without req.session and the session row was
 * deleted at its end (seen in a failover test: admins signed out by a blip).
 */
describe('a session whose load fails once', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('answers 503 for that request and keeps the session for the next', async () => {
    const cookie = await signIn(app.baseUrl, TEST_ADMIN_EMAIL);
    const admin = http(app.baseUrl, cookie);
    expect((await admin.get('/api/admin/allowlist')).status).toBe(200);
    const store = app.app.get(SessionStoreService).store;
    const get = jest.spyOn(store, 'get').mockImplementationOnce((_sid, callback) => callback(new Error('Connection terminated unexpectedly')));
    try {
      const during = await admin.get('/api/admin/allowlist');
      expect({ status: during.status, code: during.body.code }).toEqual({ status: 503, code: 'UNAVAILABLE' });
    } finally {
      get.mockRestore();
    }
    const rows = await app.db.query('SELECT 1 FROM auth.sessions WHERE sid = $1', [sidOf(cookie)]);
    expect(rows.rows).toHaveLength(1);
    expect((await admin.get('/api/admin/allowlist')).status).toBe(200);
  });
});
