import { type OperatedApp, startOperatedApp } from '../../test-support/database-operator';
import { type TestApp, http } from '../../test-support/test-app';
import { postgresUrl } from '../../test-support/test-database';
import { DATABASE_READ_ONLY_TEXT, DATABASE_UNAVAILABLE_TEXT } from './database-unavailable';

/**
 * A database that answers but takes no writes: what a failover that leaves the pool on a standby
 * looks like, or a host that turns default_transaction_read_only on (some managed services do when
 * the disk fills). Made real here with that setting on the test database and its sessions ended, so
 * the app's pool reconnects into read-only sessions. PostgreSQL only (PGlite has no other sessions).
 */
(postgresUrl() ? describe : describe.skip)('a database that takes no writes', () => {
  let operated: OperatedApp;
  let app: TestApp;
  let admin: ReturnType<typeof http>;

  /** The database's default, with every other session on it ended, as a failover ends the pool's. */
  const setReadOnly = (on: boolean) => operated.setForDatabase('default_transaction_read_only', on ? 'on' : null);

  beforeAll(async () => {
    operated = await startOperatedApp();
    ({ app, admin } = operated);
  });
  afterAll(async () => {
    await operated?.close(['default_transaction_read_only']);
  });

  it('answers writes 503 with Retry-After (not 500), says so on /api/health, keeps the site up, and takes writes again once the primary is back', async () => {
    const before = await admin.post('/api/settings/versions', { label: 'Before' });
    expect([before.status, before.body]).toEqual([201, expect.anything()]);
    const head = await app.runtime.store.headPosition();
    await setReadOnly(true);
    try {
      const save = await admin.post('/api/settings/versions', { label: 'During' });
      expect({ status: save.status, body: save.body, retryAfter: save.headers.get('retry-after') }).toEqual({
        status: 503,
        body: { error: DATABASE_UNAVAILABLE_TEXT, code: 'UNAVAILABLE' },
        retryAfter: '5',
      });
      const contact = await http(app.baseUrl).post('/api/contact', { name: 'Ada', from: 'ada@example.com', message: 'Hello' });
      expect(contact.status).toBe(503);
      const health = await fetch(`${app.baseUrl}/api/health`);
      expect({ status: health.status, database: ((await health.json()) as { database: unknown }).database }).toEqual({
        status: 503,
        database: { ok: false, kind: 'pg', error: DATABASE_READ_ONLY_TEXT },
      });
      expect((await fetch(`${app.baseUrl}/`)).status).toBe(200);
      expect(await app.runtime.store.headPosition()).toBe(head);
    } finally {
      await setReadOnly(false);
    }
    // The sessions ended again (into read-write ones): a write may meet a dead one first, a 503 to retry.
    let after = await admin.post('/api/settings/versions', { label: 'After' });
    for (let tries = 0; after.status === 503 && tries < 20; tries += 1) {
      await new Promise((r) => setTimeout(r, 250));
      after = await admin.post('/api/settings/versions', { label: 'After' });
    }
    expect(after.status).toBe(201);
    expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
  });
});
