import { randomInt } from 'node:crypto';
import { PgDatabase } from '../platform/database/pg-database';
import { appProcess } from '../cli/test-support/app-process';
import { TEST_ADMIN_EMAIL, http, signIn } from '../test-support/test-app';

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
  const harness = appProcess({ database: 'postgres', dataDirPrefix: 'punchline-erase-crash-' });

  it(`leaves all or nothing across ${KILLS} kills, and the retry finishes it with one event`, async () => {
    const db = new PgDatabase(harness.database!.url!, 2);
    let app = await harness.start();
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        const email = `crash-${kill}@example.com`;
        for (let i = 0; i < MESSAGES; i += 1) {
          const res = await http(harness.baseUrl).post('/api/contact', { name: `Crash ${kill}`, from: email, message: `m${i}` }, { 'x-forwarded-for': `198.51.100.${kill * 10 + i}` });
          expect(res.status).toBe(200);
        }
        await harness.caughtUp();
        const admin = http(harness.baseUrl, await signIn(harness.baseUrl, TEST_ADMIN_EMAIL));
        const erase = admin.post('/api/admin/privacy/erase', { email }).catch(() => null);
        await delay(randomInt(0, 40));
        app.child.kill('SIGKILL');
        await app.exited;
        await erase;
        app = await harness.start();
        await harness.caughtUp();
        const subject = (await db.query<{ subject_id: string }>(`SELECT subject_id FROM privacy.subjects`)).rows.map((r) => r.subject_id);
        const events = async () =>
          (await db.query<{ n: string }>(`SELECT count(*) AS n FROM es.events WHERE type = 'PersonalDataErased' AND stream_id = ANY($1::text[])`, [subject.map((id) => `privacy-${id}`)])).rows[0]!.n;
        const eventsBefore = Number(await events()) - kill;
        const held = await http(harness.baseUrl, await signIn(harness.baseUrl, TEST_ADMIN_EMAIL)).get<{ messages: unknown[] }>(`/api/admin/privacy?email=${email}`);
        // All or nothing: with the event recorded nothing is left; without it, everything is.
        expect([eventsBefore, held.body.messages.length]).toEqual(eventsBefore === 1 ? [1, 0] : [0, MESSAGES]);
        const retried = await http(harness.baseUrl, await signIn(harness.baseUrl, TEST_ADMIN_EMAIL)).post('/api/admin/privacy/erase', { email });
        expect(retried.body).toEqual({ erased: { messages: MESSAGES } });
        expect(Number(await events())).toBe(kill + 1);
        const left = await http(harness.baseUrl, await signIn(harness.baseUrl, TEST_ADMIN_EMAIL)).get<{ messages: unknown[] }>(`/api/admin/privacy?email=${email}`);
        expect(left.body.messages).toEqual([]);
      }
    } finally {
      app.child.kill('SIGKILL');
      await app.exited;
      await db.close();
    }
  });
});
