import { Client } from 'pg';
import { LISTEN_RESUMED } from '@punchline/projections';
import { type OperatedApp, startOperatedApp } from '../../test-support/database-operator';
import { startFreezableProxy } from '../../test-support/freezable-proxy';
import { http } from '../../test-support/test-app';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../../test-support/test-database';
import { PgDatabase, withDefaultUser } from './pg-database';

/**
 * A LISTEN lives on one connection. When the server ended it (a restart, a failover, a dropped
 * quiet connection) nothing re-opened it: every wake-up that crosses instances (a schedule or a
 * contact message found by the reactors, a lock change, the projector's own wake) fell back to its
 * slow poll until the process restarted. PostgreSQL only (PGlite's LISTEN lives in the process).
 */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Ends the sessions that LISTEN on the database, as a server restart or a failover would. */
async function endListeners(operator: Client, database: string): Promise<number> {
  const { rows } = await operator.query<{ ended: boolean }>(
    "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN %'",
    [database],
  );
  return rows.length;
}

(postgresUrl() ? describe : describe.skip)('LISTEN after its connection is lost', () => {
  describe('the database port', () => {
    let database: TestDatabase;
    let operator: Client;
    let name: string;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      name = new URL(database.url!).pathname.slice(1);
      operator = new Client({ connectionString: withDefaultUser(database.url!) });
      await operator.connect();
    });
    afterAll(async () => {
      await operator?.end();
      await database?.drop();
    });

    it('listens again on every channel, tells each listener once, and hears what is notified after', async () => {
      const db = new PgDatabase(database.url!, 2);
      const heard: Record<string, string[]> = { one: [], two: [] };
      try {
        await db.listen('punchline_test_one', (payload) => heard.one!.push(payload));
        await db.listen('punchline_test_two', (payload) => heard.two!.push(payload));
        await operator.query("NOTIFY punchline_test_one, 'before'");
        await until(() => (heard.one!.includes('before') ? true : undefined), 2_000, 'the first notification');

        expect(await endListeners(operator, name)).toBe(1);
        await until(() => (heard.one!.includes(LISTEN_RESUMED) && heard.two!.includes(LISTEN_RESUMED) ? true : undefined), 3_000, 'LISTEN_RESUMED');
        await operator.query("NOTIFY punchline_test_one, 'after'");
        await operator.query("NOTIFY punchline_test_two, 'after'");
        await until(() => (heard.one!.includes('after') && heard.two!.includes('after') ? true : undefined), 2_000, 'a notification after the loss');
        expect(heard).toEqual({ one: ['before', LISTEN_RESUMED, 'after'], two: [LISTEN_RESUMED, 'after'] });
      } finally {
        await db.close();
      }
    });

    it('checks a listening connection cut off without a word (a NAT that forgot it), gives it up, listens again and ends its server side', async () => {
      const server = new URL(postgresUrl()!);
      const proxy = await startFreezableProxy({ host: server.hostname, port: Number(server.port || 5432) });
      const db = new PgDatabase(proxy.url(database.url!), 2, { liveness: { answerMs: 500, listenerCheckMs: 500 } });
      const heard: string[] = [];
      try {
        await db.listen('punchline_test_one', (payload) => heard.push(payload));
        const { rows } = await operator.query<{ pid: number; client_port: number }>(
          "SELECT pid, client_port FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND (query ILIKE 'LISTEN %' OR query = 'SELECT 1')",
          [name],
        );
        expect(proxy.cutOff(new Set(rows.map((r) => r.client_port)))).toBe(1);
        // Nothing reaches it now, and nothing tells it so: only the check finds out.
        await operator.query("NOTIFY punchline_test_one, 'unheard'");
        await until(() => (heard.includes(LISTEN_RESUMED) ? true : undefined), 5_000, 'LISTEN_RESUMED after the check');
        await operator.query("NOTIFY punchline_test_one, 'after'");
        await until(() => (heard.includes('after') ? true : undefined), 2_000, 'a notification after the cut');
        expect(heard).toEqual([LISTEN_RESUMED, 'after']);
        // The server kept the cut-off session (it sends nothing on a quiet one): ended from the new one.
        const ended = await until(
          async () => ((await operator.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid])).rowCount === 0 ? true : undefined),
          3_000,
          'the cut-off session to end',
        );
        expect(ended).toBe(true);
      } finally {
        await db.close();
        await proxy.close();
      }
    });

    it('does not take a stalled event loop for a silent server: a check or a bounded query answered during a long synchronous task holds, and the pool keeps its connections', async () => {
      const db = new PgDatabase(database.url!, 2, { liveness: { answerMs: 300 } });
      try {
        const session = await db.dedicatedSession();
        await db.query('SELECT 1');
        const { rows: before } = await operator.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        const checking = session.check();
        const bounded = db.queryWithin(300, 'SELECT 2 AS two');
        // One turn, so the bounded query is drawn from the pool and sent before the loop stalls.
        await new Promise((r) => setImmediate(r));
        // A synchronous second (a big JSON, a GC pause): both answers wait unread in their sockets
        // while both deadlines pass.
        for (const end = Date.now() + 1_000; Date.now() < end; );
        await expect(checking).resolves.toBeUndefined();
        await expect(bounded).resolves.toEqual({ rows: [{ two: 2 }], rowCount: 1 });
        const { rows: after } = await operator.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        expect(after.map((r) => r.pid).sort()).toEqual(before.map((r) => r.pid).sort());
        await session.release();
      } finally {
        await db.close();
      }
    });

    it('keeps trying while the database refuses connections, and stops once closed', async () => {
      const db = new PgDatabase(database.url!, 2);
      const heard: string[] = [];
      try {
        await db.listen('punchline_test_one', (payload) => heard.push(payload));
        // No new connections for a while: each try to listen again fails, as during a restart. (A
        // database cannot refuse connections from a session on itself: this is said from another.)
        const outside = new Client({ connectionString: withDefaultUser(postgresUrl()!) });
        await outside.connect();
        try {
          await outside.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
          await endListeners(operator, name);
          await new Promise((r) => setTimeout(r, 1_500));
          expect(heard).toEqual([]);
        } finally {
          await outside.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
          await outside.end();
        }
        await until(() => (heard.includes(LISTEN_RESUMED) ? true : undefined), 6_000, 'LISTEN_RESUMED once connections are allowed');
        await operator.query("NOTIFY punchline_test_one, 'back'");
        await until(() => (heard.includes('back') ? true : undefined), 2_000, 'a notification once back');
      } finally {
        await db.close();
      }
      // Closed: the listening session is gone and nothing opens another.
      await new Promise((r) => setTimeout(r, 500));
      const { rows } = await operator.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN %'", [name]);
      expect(rows[0].n).toBe(0);
    });
  });

  describe('the app', () => {
    let operated: OperatedApp;

    beforeAll(async () => {
      operated = await startOperatedApp();
    });
    afterAll(async () => {
      await operated?.close([]);
    });

    it('after its database sessions are ended, a contact message still reaches the deliverer at once, not at its 30 s poll', async () => {
      const { app } = operated;
      await operated.endSessions();
      // Back to normal: the pool answers again, the reactors have made the pass their failure called for and wait.
      await until(async () => ((await fetch(`${app.baseUrl}/api/health`)).status === 200 ? true : undefined), 10_000, 'health');
      await new Promise((r) => setTimeout(r, 3_000));

      const sent = Date.now();
      const res = await http(app.baseUrl).post('/api/contact', { name: 'Ada', from: 'ada@example.com', message: 'Still there?' });
      expect(res.status).toBe(200);
      // No SMTP_URL: the deliverer records the message as skipped, which is the pass we wait for.
      await until(
        async () => ((await app.runtime.store.readAll({ fromPosition: 0, limit: 10_000 })).some((e) => e.type === 'ContactDeliveryRecorded') ? true : undefined),
        5_000,
        'the delivery pass',
      );
      expect(Date.now() - sent).toBeLessThan(5_000);
    });
  });
});
