import { gzipSync } from 'node:zlib';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { INPUT_TEXTS, MAX_INPUT_DEPTH } from './input-guard';

/** Issue 11 point 7: hostile text and shapes get clear 400s of our own, never a 500 or a database message. */
describe('hostile input', () => {
  let app: TestApp;
  let admin: ReturnType<typeof http>;
  const visitor = () => http(app.baseUrl);
  let n = 0;
  const newClient = () => ({ 'x-forwarded-for': `203.0.113.${(n += 1)}` });

  beforeAll(async () => {
    app = await startTestApp();
    admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
  });
  afterAll(() => app?.close());

  it('refuses a NUL byte in list queries with 400 (PostgreSQL would refuse it as a 500)', async () => {
    for (const path of ['/api/admin/audit', '/api/admin/contact-responses', '/api/storage/list']) {
      for (const query of ['q=a%00b', 'actor=x%00', 'q=%00']) {
        const res = await admin.get(`${path}?${query}`);
        expect([path, query, res.status, res.body.error]).toEqual([path, query, 400, INPUT_TEXTS.nul]);
      }
      // A percent sequence that is not UTF-8 stays literal text: searched for, not an error.
      expect((await admin.get(`${path}?q=%ED%A0%80`)).status).toBe(200);
    }
  });

  it('reads a limit only as digits on every list: hex, exponents, signs, spaces and empty text are 400, not numbers', async () => {
    for (const path of ['/api/admin/audit', '/api/admin/contact-responses', '/api/settings/versions', '/api/admin/history']) {
      expect([path, (await admin.get(`${path}?limit=16`)).status]).toEqual([path, 200]);
      for (const limit of ['0x10', '1e2', '%2B5', '5%20', '', '0b11']) {
        const res = await admin.get(`${path}?limit=${limit}`);
        expect([path, limit, res.status, res.body.error]).toEqual([path, limit, 400, expect.stringMatching(/^limit must be/)]);
      }
    }
  });

  it('refuses NUL and unpaired surrogates in a contact message without echoing anything internal', async () => {
    const received = async () => (await app.runtime.store.readAll({ fromPosition: 0, limit: 10_000 })).filter((e) => e.type === 'ContactMessageReceived').length;
    const before = await received();
    for (const message of ['hi\u0000there', 'broken \ud800 text', 'broken \udc00 text']) {
      const res = await visitor().post('/api/contact', { name: 'Ada', from: 'ada@example.com', message }, newClient());
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Text must/);
      expect(JSON.stringify(res.body)).not.toMatch(/contact-|invalid byte|unsupported Unicode|postgres/i);
    }
    // A paired surrogate (an emoji) is fine.
    expect((await visitor().post('/api/contact', { name: 'Ada', from: 'ada@example.com', message: 'Great show 😂' }, newClient())).status).toBe(200);
    expect(await received()).toBe(before + 1);
  });

  it('refuses JSON nested 50,000 deep with 400 and stores nothing', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    for (const [path, method] of [
      ['/api/settings?stage=draft', 'PUT'],
      ['/api/contact', 'POST'],
    ] as const) {
      const res = await fetch(`${app.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: app.baseUrl, ...newClient() },
        body: `{"message": ${deep}}`,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(INPUT_TEXTS.depth);
    }
    const justDeepEnough = `{"a":${'['.repeat(MAX_INPUT_DEPTH - 2)}${']'.repeat(MAX_INPUT_DEPTH - 2)}}`;
    const res = await fetch(`${app.baseUrl}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.baseUrl, ...newClient() }, body: justDeepEnough });
    expect(res.status).not.toBe(500);
  });

  it('refuses a gzipped body of a million nested brackets (2 KB on the wire) before parsing it, anonymous or not', async () => {
    const body = gzipSync(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    expect(body.length).toBeLessThan(4096);
    const head = await app.runtime.store.headPosition();
    for (const path of ['/api/contact', '/api/no-such-route', '/api/settings?stage=draft']) {
      const res = await fetch(`${app.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: app.baseUrl, ...newClient() }, body });
      expect({ path, status: res.status, error: ((await res.json()) as { error: string }).error }).toEqual({ path, status: 400, error: INPUT_TEXTS.depth });
    }
    // Not valid JSON past its brackets: only a check before the parse names the depth (the parser would say malformed).
    const res = await fetch(`${app.baseUrl}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.baseUrl, ...newClient() }, body: `${'['.repeat(1000)} not json` });
    expect({ status: res.status, error: ((await res.json()) as { error: string }).error }).toEqual({ status: 400, error: INPUT_TEXTS.depth });
    expect(await app.runtime.store.headPosition()).toBe(head);
  });

  it('answers a body the JSON parser refuses with our own 400, never the parser\'s words or the body echoed', async () => {
    const head = await app.runtime.store.headPosition();
    const bodies: [string, string][] = [
      ['{bad', 'application/json'],
      ['null', 'application/json'],
      ['"just a string"', 'application/json'],
      ['{"name":"Ada","from":"ada@example.com","message":"hi"}', 'application/json; charset=utf-16'],
    ];
    for (const [path, method] of [
      ['/api/contact', 'POST'],
      ['/api/settings?stage=draft', 'PUT'],
    ] as const) {
      for (const [body, type] of bodies) {
        const res = await fetch(`${app.baseUrl}${path}`, { method, headers: { 'content-type': type, origin: app.baseUrl, ...newClient() }, body });
        expect({ path, body, type, status: res.status, answer: await res.json() }).toEqual({ path, body, type, status: 400, answer: { error: INPUT_TEXTS.json, code: 'INVALID_INPUT' } });
      }
    }
    expect(await app.runtime.store.headPosition()).toBe(head);
  });

  it('holds every string of the record to a cap: link lists, socials and team socials too (one policy)', async () => {
    const long = 'x'.repeat(100_000);
    const link = `https://example.com/${long}`;
    expect((await admin.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    const { updated_at: _readOnly, ...draft } = (await admin.get('/api/settings?stage=draft')).body as Record<string, unknown>;
    const head = await app.runtime.store.headPosition();
    const attempts: Record<string, unknown>[] = [
      { footer_links: [{ label: long, url: 'https://example.com' }] },
      { footer_links: [{ label: 'Tickets', url: link }] },
      { admin_quick_links: [{ label: 'Box office', url: link }] },
      { contact_socials: { instagram: link } },
      { about_team: [{ name: 'Ada', title: 'Host', bio: '', photo_url: '', socials: [{ label: 'Site', url: link }] }] },
      { about_team: [{ name: long, title: 'Host', bio: '', photo_url: '', socials: [] }] },
    ];
    for (const patch of attempts) {
      const res = await admin.put('/api/settings?stage=draft', { ...draft, ...patch });
      const field = Object.keys(patch)[0];
      expect({ field, status: res.status, error: typeof res.body.error }).toEqual({ field, status: 400, error: 'string' });
      expect(res.body.error.length).toBeLessThan(500);
    }
    expect(await app.runtime.store.headPosition()).toBe(head);
    await admin.post('/api/settings/lock/release', {});
  });

  it('marks every JSON answer nosniff', async () => {
    for (const res of [await visitor().get('/api/auth/me'), await admin.get('/api/admin/audit'), await visitor().get('/api/settings?stage=live'), await visitor().get('/api/nope')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('API docs and proxies per configuration (DESIGN §10)', () => {
  it('serves /api/docs outside production, and in production only with API_DOCS=true', async () => {
    const test = await startTestApp();
    const off = await startTestApp({ env: { API_DOCS: 'false' } });
    try {
      expect((await fetch(`${test.baseUrl}/api/docs-json`)).status).toBe(200);
      expect((await fetch(`${off.baseUrl}/api/docs-json`)).status).not.toBe(200);
    } finally {
      await test.close();
      await off.close();
    }
  });

  it('keys rate limits on the client a trusted proxy names, and ignores what an untrusted peer claims', async () => {
    const contact = (app: TestApp, forwardedFor: string) =>
      http(app.baseUrl).post('/api/contact', { name: 'Ada', from: 'ada@example.com', message: 'Hello' }, { 'x-forwarded-for': forwardedFor });
    // Loopback is the trusted proxy: each forwarded client has its own bucket (5 per 10 minutes).
    const behindProxy = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    // Only 10.0.0.5 may forward: this test's loopback peer is untrusted, so its claims are ignored.
    const untrusted = await startTestApp({ env: { TRUST_PROXY: '10.0.0.5' } });
    try {
      for (let i = 0; i < 6; i += 1) expect((await contact(behindProxy, `198.51.100.${i}`)).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await contact(untrusted, `198.51.100.${i}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await behindProxy.close();
      await untrusted.close();
    }
  });

  it('refuses a malformed TRUST_PROXY at start-up, naming it', async () => {
    await expect(startTestApp({ env: { TRUST_PROXY: 'everyone!' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});
