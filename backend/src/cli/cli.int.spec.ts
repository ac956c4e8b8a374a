import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Projector, allProjections, type Database } from '@punchline/projections';
import { createTestDatabase, type DatabaseKind, databaseKinds, type TestDatabase, withAppDatabase } from '../test-support/test-database';
import { runCli, spawnCli } from './test-support/cli-process';
import { appendEvents, auditPositions, freshStore } from './test-support/read-model.test-kit';

// Each child compiles the CLI from source and, on PGlite, opens the database directory: seconds, not ms.
jest.setTimeout(60_000);

/**
 * The CLI as an operator runs it: a real child process on the same database. On PGlite the test
 * closes its handle before each child opens the directory (one process at a time).
 */
describe.each(databaseKinds())('cli on %s', (kind: DatabaseKind) => {
  let dataDir: string;
  let postgres: TestDatabase | undefined;
  let env: Record<string, string>;

  const withDb = <T>(fn: (db: Database) => Promise<T>): Promise<T> => withAppDatabase(postgres, dataDir, fn);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'punchline-cli-'));
    if (kind === 'postgres') postgres = await createTestDatabase('postgres');
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'debug', ...(postgres ? { DATABASE_URL: postgres.url! } : {}) };
    await withDb(async (db) => {
      const store = await freshStore(db);
      await appendEvents(store, 120, 12);
    });
  });
  afterAll(async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('projector: catches up as its own process and stops gracefully on SIGTERM', async () => {
    const p = spawnCli(['projector'], env);
    await p.waitForLine(/"to":120\b/, 30_000);
    p.child.kill('SIGTERM');
    expect(await p.exited).toEqual({ code: 0, signal: null });
    expect(p.output()).toMatch(/projector stopped/);
    await withDb(async (db) => expect(await auditPositions(db)).toEqual({ rows: 120, distinct: 120, min: 1, max: 120 }));
  });

  it('replay: prints progress and the comparison, exit 0 when equal', async () => {
    const { code, output } = await runCli(['replay'], env);
    expect(output).toMatch(/replay: 120 events \(position 120\/120, 100%\)/);
    expect(output).toMatch(/EQUAL {3}audit\.audit_log: live 120 rows, replay 120 rows/);
    expect(output).toMatch(/read models equal the log/);
    expect(code).toBe(0);
  });

  it('replay: exit 1 naming the table and row when a read model was altered; --swap repairs it', async () => {
    await withDb((db) => db.query('DELETE FROM rm.audit_log WHERE position = 17'));
    const broken = await runCli(['replay'], env);
    expect(broken.output).toMatch(/DIFFERS audit\.audit_log: live 119 rows, replay 120 rows first difference at \{"position":17\}/);
    expect(broken.code).toBe(1);

    const swapped = await runCli(['replay', '--swap'], env);
    expect(swapped.output).toMatch(/live tables replaced by the rebuilt ones/);
    expect(swapped.code).toBe(0);
    expect((await runCli(['replay'], env)).code).toBe(0);
  });

  it('verify: OK with the count, then exit 1 naming the first altered event', async () => {
    const ok = await runCli(['verify'], env);
    expect(ok.output).toMatch(/^OK: hash chain intact over 120 events\n {2}head: position 120, hash [0-9a-f]{64}$/);
    expect(ok.code).toBe(0);

    const victim = await withDb(async (db) => {
      const { rows } = await db.query<{ event_id: string; stream_id: string; type: string }>(
        'SELECT event_id, stream_id, type FROM es.events WHERE global_position = 42',
      );
      await db.query(`UPDATE es.events SET data = jsonb_set(data::jsonb, '{n}', '999') WHERE global_position = 42`);
      return rows[0];
    });
    const altered = await runCli(['verify'], env);
    expect(altered.output).toContain(
      `ALTERED: first altered event at position 42: event ${victim.event_id}, stream ${victim.stream_id}, type ${victim.type}`,
    );
    expect(altered.output).toContain('41 events before it verified');
    expect(altered.code).toBe(1);
  });

  it('refuses an unknown command or option and a bad variable, naming it', async () => {
    expect((await runCli(['rebuild'], env)).code).toBe(2);
    expect((await runCli(['verify', '--swap'], env)).code).toBe(2);
    const bad = await runCli(['replay'], { ...env, PROJECTOR_BATCH_SIZE: 'lots' });
    expect(bad.output).toMatch(/PROJECTOR_BATCH_SIZE/);
    expect(bad.code).toBe(2);
  });
});

describe('cli projector shares leadership with in-process projectors', () => {
  // Leadership is a session advisory lock between processes: PostgreSQL only.
  const itIf = process.env.DATABASE_URL ? it : it.skip;
  itIf('a projector process waits while an app instance leads, then takes over', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const store = await freshStore(database.db);
      const inApp = new Projector({ db: database.db, store, projections: allProjections(), leaderRetryMs: 200 });
      await inApp.start();
      const child = spawnCli(['projector'], { DATABASE_URL: database.url!, LOG_LEVEL: 'debug', PROJECTOR_LEADER_RETRY_MS: '200' });
      try {
        await child.waitForLine(/projector started/, 30_000);
        const first = await appendEvents(store, 30, 10);
        expect(await inApp.waitFor(first, 5000)).toBe(true);
        expect(inApp.stats.appliedEvents).toBe(30);
        expect(child.output()).not.toMatch(/projector is leader/);

        await inApp.stop();
        await child.waitForLine(/projector is leader/, 10_000);
        const head = await appendEvents(store, 20, 10);
        expect(await inApp.waitFor(head, 10_000)).toBe(true);
        expect(await auditPositions(database.db)).toEqual({ rows: 50, distinct: 50, min: 1, max: 50 });
      } finally {
        child.child.kill('SIGTERM');
        await child.exited;
      }
    } finally {
      await database.drop();
    }
  });
});
