import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgDatabase } from '../platform/database/pg-database';
import { spawnCli, type CliProcess } from '../cli/test-support/cli-process';
import { type OAuthServer, startOAuthServer } from '../test-support/oauth-server';
import { TEST_ADMIN_EMAIL, freePort, http, signIn } from '../test-support/test-app';
import { type TestDatabase, createTestDatabase } from '../test-support/test-database';

/**
 * DESIGN §16: a SIGKILL in the middle of an erase leaves everything or nothing erased, never a half,
 * and the erase is retried safely. The app runs as a child process on PostgreSQL and is killed at a
 * random moment after the erase request left; after the restart the person's records are either all
 * there (no PersonalDataErased) or all gone (one event), and the retried erase answers the full count
 * with exactly one event in the log.
 */
const KILLS = 4;
const MESSAGES = 6;
const describeIf = process.env.DATABASE_URL ? describe : describe.skip;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
jest.setTimeout(300_000);

describeIf('SIGKILL during an erase (postgres)', () => {
  let database: TestDatabase;
  let oauth: OAuthServer;
  let dataDir: string;
  let env: Record<string, string>;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    oauth = await startOAuthServer();
    dataDir = mkdtempSync(join(tmpdir(), 'punchline-erase-crash-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url!,
      ADMIN_EMAILS: TEST_ADMIN_EMAIL,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'warn',
      ...oauth.env,
    };
  });

  afterAll(async () => {
    await oauth?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function startApp(): Promise<CliProcess> {
    const app = spawnCli([], env, 'main');
    await app.waitForLine(/Punchline listening/, 90_000);
    return app;
  }

  async function caughtUp(): Promise<void> {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await delay(100)) {
      const health = await http(baseUrl).get<{ projector?: { lag?: number } }>('/api/health');
      if (health.status === 200 && (health.body.projector?.lag ?? 1) <= 0) return;
    }
    throw new Error('the projector did not catch up');
  }

  it(`leaves all or nothing across ${KILLS} kills, and the retry finishes it with one event`, async () => {
    const db = new PgDatabase(database.url!, 2);
    let app = await startApp();
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        const email = `crash-${kill}@example.com`;
        for (let i = 0; i < MESSAGES; i += 1) {
          const res = await http(baseUrl).post('/api/contact', { name: `Crash ${kill}`, from: email, message: `m${i}` }, { 'x-forwarded-for': `198.51.100.${kill * 10 + i}` });
          expect(res.status).toBe(200);
        }
        await caughtUp();
        const admin = http(baseUrl, await signIn(baseUrl, TEST_ADMIN_EMAIL));
        const erase = admin.post('/api/admin/privacy/erase', { email }).catch(() => null);
        await delay(randomInt(0, 40));
        app.child.kill('SIGKILL');
        await app.exited;
        await erase;
        app = await startApp();
        await caughtUp();
        const subject = (await db.query<{ subject_id: string }>(`SELECT subject_id FROM privacy.subjects`)).rows.map((r) => r.subject_id);
        const events = async () =>
          (await db.query<{ n: string }>(`SELECT count(*) AS n FROM es.events WHERE type = 'PersonalDataErased' AND stream_id = ANY($1::text[])`, [subject.map((id) => `privacy-${id}`)])).rows[0]!.n;
        const eventsBefore = Number(await events()) - kill;
        const held = await http(baseUrl, await signIn(baseUrl, TEST_ADMIN_EMAIL)).get<{ messages: unknown[] }>(`/api/admin/privacy?email=${email}`);
        // All or nothing: with the event recorded nothing is left; without it, everything is.
        expect([eventsBefore, held.body.messages.length]).toEqual(eventsBefore === 1 ? [1, 0] : [0, MESSAGES]);
        const retried = await http(baseUrl, await signIn(baseUrl, TEST_ADMIN_EMAIL)).post('/api/admin/privacy/erase', { email });
        expect(retried.body).toEqual({ erased: { messages: MESSAGES } });
        expect(Number(await events())).toBe(kill + 1);
        const left = await http(baseUrl, await signIn(baseUrl, TEST_ADMIN_EMAIL)).get<{ messages: unknown[] }>(`/api/admin/privacy?email=${email}`);
        expect(left.body.messages).toEqual([]);
      }
    } finally {
      app.child.kill('SIGKILL');
      await app.exited;
      await db.close();
    }
  });
});
