import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from '../../test-support/private-postgres';
import { ensureFrontendBuilt } from '../../site/test-support/frontend-build';
import { FIXTURES } from '../../media/test-support/media-app.test-kit';

/**
 * DESIGN §14 / issue 11: the public site outlives its database. The app runs on a PostgreSQL cluster
 * of this test's own, which is killed (`pg_ctl stop -m immediate`) for OUTAGE_MS while a visitor
 * loop asks for every public answer; then the cluster comes back and the app catches up by itself.
 */
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 30_000);
const PAGES = ['/', '/media', '/merch', '/events', '/about', '/contact'];
const OTHER_PUBLIC = ['/sitemap.xml', '/robots.txt', '/api/settings?stage=live'];

const describeIf = postgresBinDir() ? describe : describe.skip;

describeIf('a database outage', () => {
  let pg: PrivatePostgres;
  let app: TestApp;
  let admin: ReturnType<typeof http>;
  let adminCookie: string;

  /** POST /api/storage/upload as the Media Manager sends it. */
  function uploadPng(name: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([FIXTURES.png], { type: 'image/png' }), name);
    return fetch(`${app.baseUrl}/api/storage/upload?duplicate=keep`, { method: 'POST', body: form, headers: { origin: app.baseUrl, cookie: adminCookie } });
  }

  beforeAll(async () => {
    ensureFrontendBuilt();
    pg = await startPrivatePostgres();
    const shared = process.env.DATABASE_URL;
    process.env.DATABASE_URL = pg.url;
    try {
      app = await startTestApp({ kind: 'postgres' });
    } finally {
      if (shared === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = shared;
    }
    adminCookie = await signIn(app.baseUrl, TEST_ADMIN_EMAIL);
    admin = http(app.baseUrl, adminCookie);
    expect((await admin.post('/api/settings/lock/acquire', { ttlSeconds: 600 })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    pg?.destroy();
  });

  async function publishTitle(title: string): Promise<void> {
    const draft = await admin.get('/api/settings?stage=draft');
    expect(draft.status).toBe(200);
    const saved = await admin.put('/api/settings?stage=draft', { ...draft.body, site_title: title });
    expect(saved.status).toBe(200);
    expect((await admin.post('/api/settings/publish', {})).status).toBe(200);
  }

  it('keeps every public answer at 200 from the last good copy, says degraded, and refuses writes with 503', async () => {
    await publishTitle('Before The Outage');
    const stored = await uploadPng('stage.png');
    expect(stored.status).toBe(201);
    const mediaUrl = new URL(((await stored.json()) as { url: string }).url, app.baseUrl);
    const visitor = http(app.baseUrl);
    const publicPaths = [...PAGES, ...OTHER_PUBLIC, mediaUrl.pathname + mediaUrl.search];
    for (const path of publicPaths) expect((await visitor.get(path)).status).toBe(200);

    pg.crash();
    const statuses: Record<string, number> = {};
    let stale = 0;
    const until = Date.now() + OUTAGE_MS;
    while (Date.now() < until) {
      for (const path of publicPaths) {
        const res = await fetch(`${app.baseUrl}${path}`);
        const text = await res.text();
        const key = `${path} ${res.status}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (PAGES.includes(path) && !text.includes('Before The Outage')) stale += 1;
      }
    }
    const failures = Object.entries(statuses).filter(([key]) => !key.endsWith(' 200'));
    expect(failures).toEqual([]);
    expect(stale).toBe(0);

    const health = await visitor.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('degraded');

    const contact = await visitor.post('/api/contact', { name: 'Ada', from: 'ada@example.com', message: 'Are you open?' }, { 'x-forwarded-for': '203.0.113.7' });
    expect(contact.status).toBe(503);
    expect(contact.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(contact.body.error).toMatch(/try again/i);

    const save = await admin.put('/api/settings?stage=draft', { site_title: 'Lost?' });
    expect(save.status).toBe(503);
    expect(save.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(save.body.error).toMatch(/not saved/i);

    const upload = await uploadPng('during-outage.png');
    expect(upload.status).toBe(503);
    expect(upload.headers.get('retry-after')).toMatch(/^\d+$/);
  }, OUTAGE_MS + 120_000);

  it('catches up when the database returns, without a restart: a publish is visible within 2 s', async () => {
    pg.start();
    // The admin's session and lock live in the database and outlive the outage.
    const deadline = Date.now() + 30_000;
    while ((await admin.get('/api/settings?stage=draft')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the app did not reconnect within 30 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await http(app.baseUrl).get('/api/health')).status).toBe(200);
    await publishTitle('After The Outage');
    const published = Date.now();
    let visibleAfter = Infinity;
    while (Date.now() - published < 10_000) {
      const text = await (await fetch(`${app.baseUrl}/`)).text();
      if (text.includes('After The Outage')) {
        visibleAfter = Date.now() - published;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(visibleAfter).toBeLessThanOrEqual(2_000);
    const contact = await http(app.baseUrl).post('/api/contact', { name: 'Ada', from: 'ada@example.com', message: 'Back?' }, { 'x-forwarded-for': '203.0.113.8' });
    expect([200, 201]).toContain(contact.status);
  }, 120_000);
});
