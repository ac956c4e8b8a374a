import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';

function sidOf(cookie: string): string {
  // punchline.sid=s:<sid>.<signature>
  return decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
}

describe.each(databaseKinds())('sessions: logout, refresh and expiry (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { SESSION_TIMEOUT_MINUTES: '5' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  async function storedExpiry(cookie: string): Promise<number | null> {
    const r = await t.db.query<{ expires_at: Date | string }>('SELECT expires_at FROM auth.sessions WHERE sid = $1', [sidOf(cookie)]);
    return r.rows[0] ? new Date(r.rows[0].expires_at).getTime() : null;
  }

  it('logout deletes the session server-side: the old cookie is worthless afterwards', async () => {
    const cookie = await signIn(t.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin');
    const client = http(t.baseUrl, cookie);
    expect((await client.get('/api/admin/allowlist')).status).toBe(200);
    expect(await storedExpiry(cookie)).not.toBeNull();

    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(out.headers.getSetCookie().join()).toMatch(/punchline\.sid=;/);

    expect(await storedExpiry(cookie)).toBeNull();
    expect((await client.get('/api/auth/me')).body).toMatchObject({ user: null, isAdmin: false });
    const after = await client.get('/api/admin/allowlist');
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('Sign in required.');
    expect((await client.post('/api/auth/refresh')).status).toBe(401);

    const out2 = (await t.runtime.store.readStream('access')).filter((e) => e.type === 'AdminSignedOut');
    expect(out2.map((e) => e.data)).toEqual([{ email: TEST_ADMIN_EMAIL }]);
  });

  it('logout without a session is a harmless no-op that records nothing', async () => {
    const before = await t.runtime.store.headPosition();
    expect((await http(t.baseUrl).post('/api/auth/logout')).status).toBe(200);
    expect(await t.runtime.store.headPosition()).toBe(before);
  });

  it('SESSION_TIMEOUT_MINUTES sets the inactivity timeout, and every request rolls the expiry', async () => {
    const cookie = await signIn(t.baseUrl, TEST_ADMIN_EMAIL);
    const client = http(t.baseUrl, cookie);
    const me = await client.get('/api/auth/me');
    expect(me.body.sessionTimeoutMinutes).toBe(5);
    const first = (await storedExpiry(cookie))!;
    expect(Math.abs(first - (Date.now() + 5 * 60_000))).toBeLessThan(10_000);
    await new Promise((r) => setTimeout(r, 1100));
    const refreshed = await client.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.ok).toBe(true);
    const second = (await storedExpiry(cookie))!;
    expect(second).toBeGreaterThan(first);
    expect(Math.abs(Date.parse(refreshed.body.expiresAt) - second)).toBeLessThan(1000);
    // The browser's cookie moves along with it (rolling), still HttpOnly and Lax.
    const setCookie = refreshed.headers.getSetCookie().find((c) => c.startsWith('punchline.sid='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('a session past its expiry is gone, whatever the cookie says', async () => {
    const cookie = await signIn(t.baseUrl, TEST_ADMIN_EMAIL);
    await t.db.query("UPDATE auth.sessions SET expires_at = now() - interval '1 second' WHERE sid = $1", [sidOf(cookie)]);
    const client = http(t.baseUrl, cookie);
    expect((await client.get('/api/auth/me')).body.user).toBeNull();
    expect((await client.get('/api/admin/allowlist')).status).toBe(401);
  });
});
