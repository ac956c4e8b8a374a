import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, signInTrace, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';
import { DeniedSignIns } from './denied-sign-ins';

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
    // Before sign-in there is no session, only the signed state cookie (issue 24 point 5).
    expect(trace.preCookie).toMatch(/^punchline\.oauth=[^;]+$/);
    expect(trace.cookie).toMatch(/^punchline\.sid=/);
    expect((await http(t.baseUrl, trace.preCookie).get('/api/auth/me')).body.user).toBeNull();
    const me = await http(t.baseUrl, trace.cookie).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: { email: TEST_ADMIN_EMAIL, name: 'Ada Admin', picture: 'https://cdn.example.com/ada.png' },
      isAdmin: true,
      isAuditor: false,
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
    const admin = await signInTrace(t.baseUrl, { email: TEST_ADMIN_EMAIL });
    expect(admin.cookie).toBeTruthy();
    const start = await fetch(`${t.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const consent = await fetch(new URL(`${start.headers.get('location')!}&test_email=${encodeURIComponent(TEST_ADMIN_EMAIL)}`), { redirect: 'manual' });
    const done = await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: { cookie: start.headers.getSetCookie()[0]!.split(';')[0]! } });
    const raw = done.headers.getSetCookie().find((c) => c.startsWith('punchline.sid='))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(raw)![1]!);
    expect(Math.abs(expires - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
  });

  it('an anonymous start of sign-in stores nothing: state and PKCE verifier travel in a signed, short-lived cookie (issue 24 point 5)', async () => {
    const count = async () => Number((await t.runtime.db.query<{ n: string }>('SELECT count(*) AS n FROM auth.sessions')).rows[0]!.n);
    const before = await count();
    const starts = await Promise.all(Array.from({ length: 50 }, () => fetch(`${t.baseUrl}/api/auth/google?returnTo=%2Fadmin%2Fmedia`, { redirect: 'manual' })));
    expect(await count()).toBe(before);
    const cookies = starts.map((res) => res.headers.getSetCookie());
    expect(cookies.every((set) => set.length === 1 && /^punchline\.oauth=[^;]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/.test(set[0]!))).toBe(true);
    // PKCE: the provider was sent a challenge, never the verifier.
    const authorize = new URL(starts[0]!.headers.get('location')!);
    expect([authorize.searchParams.get('code_challenge_method'), authorize.searchParams.get('code_challenge')?.length]).toEqual(['S256', 43]);
    expect(cookies[0]![0]).not.toContain(authorize.searchParams.get('code_challenge'));
  });

  it('refuses a state cookie that was altered, or belongs to another start of sign-in', async () => {
    const attempt = async (cookieFor: (own: string, other: string) => string) => {
      const own = await fetch(`${t.baseUrl}/api/auth/google`, { redirect: 'manual' });
      const other = await fetch(`${t.baseUrl}/api/auth/google`, { redirect: 'manual' });
      const consent = await fetch(`${own.headers.get('location')!}&test_email=${encodeURIComponent(TEST_ADMIN_EMAIL)}`, { redirect: 'manual' });
      const ownCookie = own.headers.getSetCookie()[0]!.split(';')[0]!;
      const otherCookie = other.headers.getSetCookie()[0]!.split(';')[0]!;
      const done = await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: { cookie: cookieFor(ownCookie, otherCookie) } });
      return done.headers.get('location');
    };
    expect(await attempt((own) => own)).toBe('/admin');
    expect(await attempt((_, other) => other)).toBe('/admin?signin=failed');
    // The payload re-signed by nobody: any change to it breaks the signature.
    expect(await attempt((own) => own.replace(/=([A-Za-z0-9_-])/, (_, c: string) => `=${c === 'A' ? 'B' : 'A'}`))).toBe('/admin?signin=failed');
    expect(await attempt((own) => own.slice(0, -2))).toBe('/admin?signin=failed');
  });
});

describe('refused sign-ins (issue 24 point 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SIGN_IN_REFUSAL_LIMIT: '5' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  const deniedEvents = async () => (await t.runtime.store.readStream('access')).filter((e) => e.type === 'AdminSignInDenied');

  it('records the first refusal of a window, sums up its repeats in one entry, and answers 429 past the limit per email', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const trace = await signInTrace(t.baseUrl, { email: 'mallory@example.com', emailVerified: false }).catch((error: Error) => ({ location: error.message }));
      outcomes.push(trace.location);
    }
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('/admin?signin=email_not_verified'));
    expect(outcomes.slice(5)).toEqual(Array(2).fill(expect.stringMatching(/answered 429: .*Too many refused sign-ins/)));
    expect((await deniedEvents()).map((e) => e.data)).toEqual([{ email: 'mallory@example.com', reason: 'email_not_verified', method: 'google' }]);
    // The window ends (at shutdown, or after 10 minutes): one entry with the repeats.
    await t.app.get(DeniedSignIns).flush();
    expect((await deniedEvents()).map((e) => e.data)).toEqual([
      { email: 'mallory@example.com', reason: 'email_not_verified', method: 'google' },
      { email: 'mallory@example.com', reason: 'email_not_verified', method: 'google', repeated: { count: 4, windowMinutes: 10 } },
    ]);
  });

  it('limits refusals per client address too, whatever the emails, and never holds back an admin', async () => {
    const from = { 'x-forwarded-for': '203.0.113.50' };
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await signInFrom(t.baseUrl, `stranger${i}@example.com`, from)).status);
    expect(statuses).toEqual([...Array(15).fill(302), 429]);
    const admin = await signInFrom(t.baseUrl, TEST_ADMIN_EMAIL, from);
    expect([admin.status, admin.location]).toEqual([302, '/admin']);
  });
});

/** One Google sign-in (verified email) with extra request headers on every hop to our server. */
async function signInFrom(baseUrl: string, email: string, headers: Record<string, string>): Promise<{ status: number; location: string | null }> {
  const start = await fetch(`${baseUrl}/api/auth/google`, { redirect: 'manual', headers });
  const consent = await fetch(`${start.headers.get('location')!}&test_email=${encodeURIComponent(email)}`, { redirect: 'manual' });
  const done = await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: { ...headers, cookie: start.headers.getSetCookie()[0]!.split(';')[0]! } });
  await done.text();
  return { status: done.status, location: done.headers.get('location') };
}
