import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { ensureFrontendBuilt } from '../../site/test-support/frontend-build';
import { publish } from '../../site/test-support/site-publishing';

const PAGES = ['/', '/media', '/merch', '/events', '/about', '/contact'];

/** The directives of a CSP header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp).toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectHtmlPolicy(headers: Headers, where: string): void {
  const csp = directives(headers.get('content-security-policy'));
  const scripts = csp.get('script-src') ?? [];
  expect({ where, scriptsInline: scripts.includes("'unsafe-inline'") || scripts.includes("'unsafe-eval'") }).toEqual({ where, scriptsInline: false });
  expect(scripts[0]).toBe("'self'");
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers.get('permissions-policy')).toContain('camera=()');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
}

describe('security headers of every HTML answer', () => {
  let app: TestApp;

  beforeAll(async () => {
    ensureFrontendBuilt();
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('the six pages, the draft preview and the admin shell carry a CSP without inline scripts', async () => {
    const admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
    for (const path of [...PAGES, '/admin', '/admin/audit']) {
      const res = await fetch(app.baseUrl + path);
      expect({ path, status: res.status, type: res.headers.get('content-type') }).toMatchObject({ path, status: 200, type: expect.stringContaining('text/html') });
      expectHtmlPolicy(res.headers, path);
      // Outside production the site may run on plain http (development, tests): no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    const draft = await admin.get('/?stage=draft');
    expect(draft.status).toBe(200);
    expectHtmlPolicy(draft.headers, 'draft preview');
  });

  it('the development sign-in page and its error answer carry it too', async () => {
    const dev = await startTestApp({ sharedWith: app, env: { DEV_SIGN_IN: 'true' } });
    try {
      const page = await fetch(`${dev.baseUrl}/api/auth/dev`);
      expect(page.status).toBe(200);
      expectHtmlPolicy(page.headers, 'dev sign-in');
      const refused = await fetch(`${dev.baseUrl}/api/auth/dev`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: dev.baseUrl }, body: 'email=nope' });
      expect(refused.status).toBe(400);
      expectHtmlPolicy(refused.headers, 'dev sign-in error');
    } finally {
      await dev.close();
    }
  });

  it('the maintenance page carries the same policy', async () => {
    const admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
    await publish(admin, { maintenance_enabled: true });
    try {
      const res = await fetch(`${app.baseUrl}/about`);
      expect(res.status).toBe(503);
      expectHtmlPolicy(res.headers, 'maintenance');
    } finally {
      await publish(admin, { maintenance_enabled: false });
    }
  });
});

describe('security headers in production', () => {
  let app: TestApp;

  beforeAll(async () => {
    ensureFrontendBuilt();
    app = await startTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => app?.close());

  it('adds HSTS to pages and to API answers', async () => {
    for (const path of ['/', '/admin', '/api/health', '/api/settings?stage=live']) {
      const res = await fetch(app.baseUrl + path);
      expect({ path, hsts: res.headers.get('strict-transport-security') }).toEqual({ path, hsts: 'max-age=63072000; includeSubDomains' });
    }
  });

  it("gives every answer of the front door the same headers: its redirects, 304s, robots and build files (issue 24 point 7)", async () => {
    const page = await fetch(`${app.baseUrl}/about`);
    const answers: Record<string, Response> = {
      'redirect of an unknown path': await fetch(`${app.baseUrl}/nope`, { redirect: 'manual' }),
      'redirect keeping the draft view': await fetch(`${app.baseUrl}/nope?stage=draft`, { redirect: 'manual' }),
      'page revalidated (304)': await fetch(`${app.baseUrl}/about`, { headers: { 'if-none-match': page.headers.get('etag')! } }),
      'robots.txt': await fetch(`${app.baseUrl}/robots.txt`),
      'missing build file': await fetch(`${app.baseUrl}/assets/nope.js`),
    };
    for (const [what, res] of Object.entries(answers)) {
      const headers = { hsts: res.headers.get('strict-transport-security'), nosniff: res.headers.get('x-content-type-options'), referrer: res.headers.get('referrer-policy') };
      expect({ what, status: res.status, headers }).toEqual({
        what,
        status: expect.any(Number),
        headers: { hsts: 'max-age=63072000; includeSubDomains', nosniff: 'nosniff', referrer: 'strict-origin-when-cross-origin' },
      });
    }
    expect([answers['redirect of an unknown path']!.status, answers['page revalidated (304)']!.status]).toEqual([302, 304]);
  });
});

describe('caching of API answers', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('no cache keeps an API answer (admin reads and writes, streams, errors) unless its route says otherwise', async () => {
    const admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
    const answers = {
      'GET /api/admin/audit': await admin.get('/api/admin/audit'),
      'GET /api/admin/allowlist': await admin.get('/api/admin/allowlist'),
      'GET /api/admin/history': await admin.get('/api/admin/history?stage=live'),
      'GET /api/admin/audit/export': await admin.get('/api/admin/audit/export'),
      'POST /api/settings/lock/acquire': await admin.post('/api/settings/lock/acquire', {}),
      'GET /api/admin/audit?limit=nope (400)': await admin.get('/api/admin/audit?limit=nope'),
      'GET /api/admin/audit as a visitor (401)': await http(app.baseUrl).get('/api/admin/audit'),
      'GET /api/nowhere (404)': await admin.get('/api/nowhere'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect({ what, cache: res.headers.get('cache-control') }).toEqual({ what, cache: 'no-store' });
    }
    const statuses = Object.fromEntries(Object.entries(answers).map(([what, res]) => [what, res.status]));
    expect(statuses).toMatchObject({ 'GET /api/admin/audit?limit=nope (400)': 400, 'GET /api/admin/audit as a visitor (401)': 401, 'GET /api/nowhere (404)': 404 });
    // Routes with their own rule keep it: the live settings revalidate, admin media lists stay private.
    expect((await fetch(`${app.baseUrl}/api/settings?stage=live`)).headers.get('cache-control')).toBe('no-cache');
    expect((await admin.get('/api/storage/list')).headers.get('cache-control')).toBe('private, no-store');
  });
});
