import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';
import { crossSiteRefusal } from '../../auth';

describe.each(databaseKinds())('admin allowlist (%s)', (kind) => {
  let t: TestApp;
  let boss: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { ADMIN_EMAILS: `${TEST_ADMIN_EMAIL}, Second@Example.com` } });
    boss = http(t.baseUrl, await signIn(t.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  async function accessEvents(type: string) {
    return (await t.runtime.store.readStream('access')).filter((e) => e.type === type);
  }

  it('GET answers the editable list and the lower-cased ADMIN_EMAILS', async () => {
    const res = await boss.get('/api/admin/allowlist');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ editable: [], env: [TEST_ADMIN_EMAIL, 'second@example.com'] });
  });

  it('PUT replaces the editable list, normalised, records AllowlistChanged and answers both lists', async () => {
    const res = await boss.put('/api/admin/allowlist', { emails: [' Ann@Example.com ', 'bob@example.com'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ editable: ['ann@example.com', 'bob@example.com'], env: [TEST_ADMIN_EMAIL, 'second@example.com'] });
    expect((await boss.get('/api/admin/allowlist')).body.editable).toEqual(['ann@example.com', 'bob@example.com']);
    const [changed] = await accessEvents('AllowlistChanged');
    expect(changed!.data).toEqual({ added: ['ann@example.com', 'bob@example.com'], removed: [] });
    expect(changed!.metadata.actorEmail).toBe(TEST_ADMIN_EMAIL);
    expect(changed!.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    // The response waited for the projector: it has passed the event already.
    const lag = await t.runtime.projector.lag();
    expect(lag.checkpoint).toBeGreaterThanOrEqual(changed!.globalPosition);
  });

  it('PUT with the same list records nothing', async () => {
    const before = (await accessEvents('AllowlistChanged')).length;
    const res = await boss.put('/api/admin/allowlist', { emails: ['BOB@example.com', 'ann@example.com'] });
    expect(res.status).toBe(200);
    expect((await accessEvents('AllowlistChanged')).length).toBe(before);
  });

  it('refuses invalid, repeated and environment-fixed entries with the SPEC §5 texts', async () => {
    const invalid = await boss.put('/api/admin/allowlist', { emails: ['ann@example.com', 'not-an-email'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Enter a valid email address (not-an-email).');
    const repeated = await boss.put('/api/admin/allowlist', { emails: ['ann@example.com', 'ANN@example.com'] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe('That email address is already allowed.');
    const fixed = await boss.put('/api/admin/allowlist', { emails: ['ann@example.com', 'second@example.com'] });
    expect(fixed.status).toBe(400);
    expect(fixed.body.error).toBe('That email address is already allowed.');
    const malformed = await boss.put('/api/admin/allowlist', { emails: 'ann@example.com' });
    expect(malformed.status).toBe(400);
    expect((await boss.get('/api/admin/allowlist')).body.editable).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('a signed-in account that is not allowlisted is not an admin and gets 403 from admin endpoints', async () => {
    const eve = http(t.baseUrl, await signIn(t.baseUrl, 'eve@example.com', 'Eve'));
    expect((await eve.get('/api/auth/me')).body).toMatchObject({ user: { email: 'eve@example.com' }, isAdmin: false });
    expect((await eve.get('/api/admin/allowlist')).status).toBe(403);
    const put = await eve.put('/api/admin/allowlist', { emails: ['eve@example.com'] });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ error: 'Admin access required.', code: 'FORBIDDEN' });
    expect((await boss.get('/api/admin/allowlist')).body.editable).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('an admin removed from the allowlist gets 403 on the very next request; re-added, gets in again', async () => {
    const ann = http(t.baseUrl, await signIn(t.baseUrl, 'ann@example.com', 'Ann'));
    expect((await ann.get('/api/admin/allowlist')).status).toBe(200);
    expect((await boss.put('/api/admin/allowlist', { emails: ['bob@example.com'] })).status).toBe(200);
    expect((await ann.get('/api/admin/allowlist')).status).toBe(403);
    expect((await ann.get('/api/auth/me')).body).toMatchObject({ user: { email: 'ann@example.com' }, isAdmin: false });
    expect((await boss.put('/api/admin/allowlist', { emails: ['bob@example.com', 'ann@example.com'] })).status).toBe(200);
    expect((await ann.get('/api/admin/allowlist')).status).toBe(200);
    expect((await ann.get('/api/auth/me')).body.isAdmin).toBe(true);
  });

  it('a removal made through another app instance counts on this one at the next request', async () => {
    const other = await startTestApp({ sharedWith: t });
    try {
      const bob = http(t.baseUrl, await signIn(t.baseUrl, 'bob@example.com', 'Bob'));
      expect((await bob.get('/api/admin/allowlist')).status).toBe(200);
      const otherBoss = http(other.baseUrl, await signIn(other.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin'));
      expect((await otherBoss.put('/api/admin/allowlist', { emails: ['ann@example.com'] })).status).toBe(200);
      expect((await bob.get('/api/admin/allowlist')).status).toBe(403);
      expect((await otherBoss.put('/api/admin/allowlist', { emails: ['bob@example.com', 'ann@example.com'] })).status).toBe(200);
      expect((await bob.get('/api/admin/allowlist')).status).toBe(200);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('an admin cannot remove their own address, unless ADMIN_EMAILS keeps them in', async () => {
    const bob = http(t.baseUrl, await signIn(t.baseUrl, 'bob@example.com', 'Bob'));
    const self = await bob.put('/api/admin/allowlist', { emails: ['ann@example.com'] });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe('You cannot remove your own address. Ask another admin to do it.');
    expect((await bob.get('/api/admin/allowlist')).status).toBe(200);
  });

  it('a PUT with a valid admin cookie and a foreign Origin gets 403 and changes nothing', async () => {
    const before = await t.runtime.store.headPosition();
    const listBefore = (await boss.get('/api/admin/allowlist')).body;
    expect(listBefore.editable.length).toBeGreaterThan(0);
    const res = await boss.put('/api/admin/allowlist', { emails: [] }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: crossSiteRefusal(new URL(t.baseUrl).origin) });
    expect((await boss.get('/api/admin/allowlist')).body).toEqual(listBefore);
    expect(await t.runtime.store.headPosition()).toBe(before);
  });
});
