import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import { spawnCli } from '../../cli/test-support/cli-process';
import { type OperatedApp, startOperatedApp } from '../../test-support/database-operator';
import { type TestApp, http } from '../../test-support/test-app';
import { postgresUrl } from '../../test-support/test-database';
import { DATABASE_BUSY_TEXT } from './database-unavailable';
import { PgDatabase } from './pg-database';

/**
 * A database that is there but cancels a statement: a statement_timeout or lock_timeout set on the
 * account or database (managed services and DBAs set them), met while another session holds the
 * event log locked (a migration on another instance, a VACUUM FULL). Each write then failed with
 * SQLSTATE 57014 or 55P03 and answered 500 "Internal server error". Made real here: the timeout set
 * on the test database and its sessions ended, so the app's pool reconnects under it, then an
 * operator's transaction holding es.events. PostgreSQL only (PGlite has no other sessions).
 */
(postgresUrl() ? describe : describe.skip)('a database that cancels a statement', () => {
  let operated: OperatedApp;
  let app: TestApp;
  let admin: ReturnType<typeof http>;
  let operator: Client;

  /** Sets (or resets) a timeout for the database and ends the app's sessions, so its pool takes it. */
  const setTimeout_ = (setting: 'statement_timeout' | 'lock_timeout', value: string | null) => operated.setForDatabase(setting, value);

  /** A write retried while sessions ended by setTimeout_ are replaced (each dead one is a 503 to retry). */
  async function saveSnapshot(label: string): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    for (let tries = 0; ; tries += 1) {
      const res = await admin.post('/api/settings/versions', { label });
      const outcome = { status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') };
      if (res.status !== 503 || (res.body as { error?: string }).error === DATABASE_BUSY_TEXT || tries >= 20) return outcome;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /**
   * A write left waiting on the lock (a session that kept no timeout) must fail this test, not
   * hang it: a hung test leaves the operator's transaction open, and the next test's ALTER DATABASE
   * then runs inside it, uncommitted, and fails for a reason that is not its own.
   */
  function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} still waited after ${ms} ms: a session of the app kept no timeout`)), ms);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  beforeAll(async () => {
    operated = await startOperatedApp();
    ({ app, admin, operator } = operated);
  });
  afterAll(async () => {
    await operated?.close(['statement_timeout', 'lock_timeout']);
  });

  it.each([
    ['statement_timeout', '57014'],
    ['lock_timeout', '55P03'],
  ] as const)('with %s: a write that waits on a locked log answers 503 busy with Retry-After, nothing is stored, the site stays up, and writes work once the lock goes', async (setting) => {
    await setTimeout_(setting, '700ms');
    try {
      expect((await saveSnapshot(`Before ${setting}`)).status).toBe(201);
      const head = await app.runtime.store.headPosition();
      await operator.query('BEGIN');
      try {
        await operator.query('LOCK TABLE es.events IN ACCESS EXCLUSIVE MODE');
        expect(await within(30_000, 'A snapshot during the lock', saveSnapshot(`During ${setting}`))).toEqual({ status: 503, body: { error: DATABASE_BUSY_TEXT, code: 'UNAVAILABLE' }, retryAfter: '5' });
        const contact = await within(30_000, 'A contact message during the lock', http(app.baseUrl).post('/api/contact', { name: 'Ada', from: 'ada@example.com', message: 'Hello' }));
        expect([contact.status, (contact.body as { error?: string }).error]).toEqual([503, DATABASE_BUSY_TEXT]);
        expect((await fetch(`${app.baseUrl}/`)).status).toBe(200);
      } finally {
        await operator.query('ROLLBACK');
      }
      expect(await app.runtime.store.headPosition()).toBe(head);
      expect((await saveSnapshot(`After ${setting}`)).status).toBe(201);
    } finally {
      await setTimeout_(setting, null);
    }
  });

  it("a command's sessions carry no timeout, as pg_dump's do: a backup waits for a locked log instead of being cancelled, and the URL's own options still hold", async () => {
    await setTimeout_('statement_timeout', '700ms');
    try {
      const url = new URL(app.databaseUrl!);
      url.searchParams.set('options', '-c application_name=punchline-check');
      for (const [options, expected] of [
        [{}, { statement_timeout: '700ms', application_name: 'punchline-check' }],
        [{ noTimeouts: true }, { statement_timeout: '0', application_name: 'punchline-check' }],
      ] as const) {
        const db = new PgDatabase(url.toString(), 1, options);
        try {
          const [timeout, name] = [await db.query<{ statement_timeout: string }>('SHOW statement_timeout'), await db.query<{ application_name: string }>('SHOW application_name')];
          expect({ statement_timeout: timeout.rows[0]!.statement_timeout, application_name: name.rows[0]!.application_name }).toEqual(expected);
        } finally {
          await db.close();
        }
      }

      const out = join(app.dataDir, 'while-locked.tar');
      await operator.query('BEGIN');
      let backup: ReturnType<typeof spawnCli>;
      try {
        await operator.query('LOCK TABLE es.events IN ACCESS EXCLUSIVE MODE');
        backup = spawnCli(['backup', '--out', out], { DATABASE_URL: app.databaseUrl!, DATA_DIR: app.dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' }, 'backup');
        // Long past the account's 700 ms: without its own settings the backup's first read of the log is cancelled.
        await new Promise((r) => setTimeout(r, 3_000));
      } finally {
        await operator.query('ROLLBACK');
      }
      const { code } = await backup.exited;
      expect({ code, output: backup.output().includes('statement timeout') }).toEqual({ code: 0, output: false });
      expect(existsSync(out)).toBe(true);
    } finally {
      await setTimeout_('statement_timeout', null);
    }
  });
});
