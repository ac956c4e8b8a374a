import { type TestApp, TEST_ADMIN_EMAIL, http, sessionCookieFrom, startTestApp } from '../../test-support/test-app';
import { DeniedSignIns } from '../sign-in/denied-sign-ins';

describe('development sign-in', () => {
  describe('without a Google client outside production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' } });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    }, 60_000);

    it('the same sign-in start leads to a local page that says what it is', async () => {
      const start = await fetch(`${t.baseUrl}/api/auth/google?returnTo=${encodeURIComponent('/admin/audit')}`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe('/api/auth/dev?returnTo=%2Fadmin%2Faudit');
      const page = await fetch(`${t.baseUrl}${start.headers.get('location')}`);
      const html = await page.text();
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(html).toContain('<h1>Development sign-in</h1>');
      expect(html).toContain('never available in production');
      expect(html).toContain('<label for="email">Email</label>');
      expect(html).toContain('name="returnTo" value="/admin/audit"');
    });

    it('120 refused sign-in posts add one entry to the log at once and one for the window, not 120 (issue 24 point 5: the probe sent 300)', async () => {
      const post = () =>
        fetch(`${t.baseUrl}/api/auth/dev`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin: t.baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.24' },
          body: new URLSearchParams({ email: 'flood@example.com', name: '', returnTo: '/admin' }),
        }).then(async (res) => (await res.text(), res.status));
      const statuses = new Map<number, number>();
      for (let i = 0; i < 120; i++) {
        const status = await post();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      // This suite's limit per email is the test apps' 1,000: every post is answered, none is recorded alone.
      expect([...statuses]).toEqual([[302, 120]]);
      const denied = async () => (await t.runtime.store.readStream('access')).filter((e) => e.type === 'AdminSignInDenied' && (e.data as { email: string }).email === 'flood@example.com');
      expect((await denied()).length).toBe(1);
      await t.app.get(DeniedSignIns).flush();
      expect((await denied()).map((e) => e.data)).toEqual([
        { email: 'flood@example.com', reason: 'not_allowlisted', method: 'development' },
        { email: 'flood@example.com', reason: 'not_allowlisted', method: 'development', repeated: { count: 119, windowMinutes: 10 } },
      ]);
    }, 60_000);

    it('signs in whoever is typed, as a verified account; admin rights still follow ADMIN_EMAILS', async () => {
      const form = async (email: string, name: string) =>
        fetch(`${t.baseUrl}/api/auth/dev`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin: t.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email, name, returnTo: '/admin/audit' }),
        });
      const admin = await form(' Admin@Example.com ', 'Ada Admin');
      expect(admin.status).toBe(302);
      expect(admin.headers.get('location')).toBe('/admin/audit');
      const me = await http(t.baseUrl, sessionCookieFrom(admin.headers)).get('/api/auth/me');
      expect(me.body).toMatchObject({ user: { email: TEST_ADMIN_EMAIL, name: 'Ada Admin', picture: null }, isAdmin: true });

      const visitor = await form('visitor@example.com', '');
      const meVisitor = await http(t.baseUrl, sessionCookieFrom(visitor.headers)).get('/api/auth/me');
      expect(meVisitor.body).toMatchObject({ user: { email: 'visitor@example.com', name: null }, isAdmin: false });

      const signedIn = (await t.runtime.store.readStream('access')).find((e) => e.type === 'AdminSignedIn')!;
      expect(signedIn.data).toEqual({ email: TEST_ADMIN_EMAIL, name: 'Ada Admin', method: 'development' });
    });

    it('re-shows the form for an invalid email, and refuses a cross-site form post', async () => {
      const bad = await fetch(`${t.baseUrl}/api/auth/dev`, {
        method: 'POST',
        headers: { origin: t.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'nobody', name: '<b>x</b>' }),
      });
      expect(bad.status).toBe(400);
      const html = await bad.text();
      expect(html).toContain('Enter a valid email address (nobody).');
      expect(html).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
      const csrf = await fetch(`${t.baseUrl}/api/auth/dev`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: TEST_ADMIN_EMAIL }),
      });
      expect(csrf.status).toBe(403);
      expect(sessionCookieFrom(csrf.headers)).toBeNull();
    });
  });

  describe('with a Google client configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    }, 60_000);

    it('is switched off: the page and the form answer 404 and sign-in goes to the provider', async () => {
      expect((await fetch(`${t.baseUrl}/api/auth/dev`)).status).toBe(404);
      const post = await http(t.baseUrl).post('/api/auth/dev', { email: TEST_ADMIN_EMAIL });
      expect(post.status).toBe(404);
      const start = await fetch(`${t.baseUrl}/api/auth/google`, { redirect: 'manual' });
      expect(start.headers.get('location')).toMatch(new RegExp(`^${t.oauth.url}/authorize\\?`));
      const params = new URL(start.headers.get('location')!).searchParams;
      expect(params.get('state')).toBeTruthy();
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/google/callback`);
      expect(params.get('scope')).toBe('openid email profile');
      expect(params.get('prompt')).toBeNull();
      const chooser = await fetch(`${t.baseUrl}/api/auth/google?prompt=select_account`, { redirect: 'manual' });
      expect(new URL(chooser.headers.get('location')!).searchParams.get('prompt')).toBe('select_account');
    });
  });
});
