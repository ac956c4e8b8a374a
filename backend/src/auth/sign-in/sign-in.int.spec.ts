import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, signInTrace, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';

describe.each(databaseKinds())('sign-in through a real OAuth2 provider (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  it('an ADMIN_EMAILS account lands on /admin with a new session id and is an admin', async () => {
    const trace = await signInTrace(t.baseUrl, { email: 'Admin@Example.com', name: 'Ada Admin', picture: 'https://cdn.example.com/ada.png' });
    expect(trace.location).toBe('/admin');
    expect(trace.preCookie).toMatch(/^punchline\.sid=/);
    expect(trace.cookie).toMatch(/^punchline\.sid=/);
    expect(trace.cookie).not.toBe(trace.preCookie);
    // The pre-sign-in session (it held `state`) is gone server-side.
    expect((await http(t.baseUrl, trace.preCookie).get('/api/auth/me')).body.user).toBeNull();
    const me = await http(t.baseUrl, trace.cookie).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: { email: TEST_ADMIN_EMAIL, name: 'Ada Admin', picture: 'https://cdn.example.com/ada.png' },
      isAdmin: true,
      sessionTimeoutMinutes: 30,
    });
  });

  it('returns to a same-origin path, never to an absolute URL from the query', async () => {
    expect((await signInTrace(t.baseUrl, { email: TEST_ADMIN_EMAIL }, { returnTo: '/admin/media?x=1' })).location).toBe('/admin/media?x=1');
    expect((await signInTrace(t.baseUrl, { email: TEST_ADMIN_EMAIL }, { returnTo: 'https://evil.example/admin' })).location).toBe('/admin');
    expect((await signInTrace(t.baseUrl, { email: TEST_ADMIN_EMAIL }, { returnTo: '//evil.example/admin' })).location).toBe('/admin');
  });

  it('an unverified email opens no session', async () => {
    const trace = await signInTrace(t.baseUrl, { email: TEST_ADMIN_EMAIL, emailVerified: false });
    expect(trace.cookie).toBeNull();
    expect(trace.location).toBe('/admin?signin=email_not_verified');
  });

  it('a callback whose state does not match the session is refused', async () => {
    const start = await fetch(`${t.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    callback.searchParams.set('state', 'forged-state');
    const done = await fetch(callback, { redirect: 'manual', headers: { cookie } });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin?signin=failed');
    expect((await http(t.baseUrl, cookie).get('/api/auth/me')).body.user).toBeNull();
    // The same code replayed without the session that holds its state fails too.
    const replay = await fetch(consent.headers.get('location')!, { redirect: 'manual' });
    expect(replay.headers.get('location')).toBe('/admin?signin=failed');
  });

  it('a refused consent opens no session', async () => {
    const start = await fetch(`${t.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
    const url = new URL(start.headers.get('location')!);
    url.searchParams.set('test_deny', '1');
    const consent = await fetch(url, { redirect: 'manual' });
    const done = await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: { cookie } });
    expect(done.headers.get('location')).toBe('/admin?signin=failed');
    expect((await http(t.baseUrl, cookie).get('/api/auth/me')).body.user).toBeNull();
  });

  it('a verified account outside the allowlist is signed in but not an admin', async () => {
    const cookie = await signIn(t.baseUrl, 'visitor@example.com', 'Vera Visitor');
    const me = await http(t.baseUrl, cookie).get('/api/auth/me');
    expect(me.body.user.email).toBe('visitor@example.com');
    expect(me.body.isAdmin).toBe(false);
  });

  it('records AdminSignedIn and AdminSignInDenied with reasons on the access stream', async () => {
    const events = await t.runtime.store.readStream('access');
    const types = events.map((e) => [e.type, (e.data as { reason?: string }).reason ?? null]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['AdminSignedIn', null],
        ['AdminSignInDenied', 'email_not_verified'],
        ['AdminSignInDenied', 'not_allowlisted'],
      ]),
    );
    const signedIn = events.find((e) => e.type === 'AdminSignedIn')!;
    expect(signedIn.data).toEqual({ email: TEST_ADMIN_EMAIL, name: 'Ada Admin', method: 'google' });
    expect(signedIn.metadata.actorEmail).toBe(TEST_ADMIN_EMAIL);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that expires after the session timeout', async () => {
    const start = await fetch(`${t.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const raw = start.headers.getSetCookie()[0]!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(raw)![1]!);
    expect(Math.abs(expires - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
  });
});
