import { Client } from 'pg';
import { withDefaultUser } from '../platform/database/pg-database';
import { type OperatedApp, startOperatedApp } from './database-operator';
import { postgresUrl } from './test-database';

/**
 * The tests of a database that misbehaves trust the operator to put every session of the app under
 * a setting it changes. A session that was starting at that moment is not yet in pg_stat_activity
 * but has read the settings; here one is held there on purpose (post_auth_delay sleeps between
 * reading the settings and being listed), where on a slow CI machine it was held by chance.
 */
(postgresUrl() ? describe : describe.skip)('the database operator of the tests', () => {
  let operated: OperatedApp;

  beforeAll(async () => {
    operated = await startOperatedApp();
  });
  afterAll(async () => {
    await operated?.close(['lock_timeout']);
  });

  it('ends a session that was starting while it changed a setting, so none keeps the old value', async () => {
    const { operator, database } = operated;
    const starting = new Client({ connectionString: withDefaultUser(operated.app.databaseUrl!), options: '-c post_auth_delay=2' });
    starting.on('error', () => undefined);
    // What the session holds once started: the setting, or the end the operator gave it.
    const holds = starting.connect().then(
      async () => (await starting.query<{ lock_timeout: string }>('SHOW lock_timeout')).rows[0]!.lock_timeout,
      () => 'ended',
    );
    // Wait until it has taken its database's lock (it reads the settings right after) and stays
    // unlisted: the one unlisted for 300 ms is this one, not a pool connection of the app starting.
    const firstSeen = new Map<number, number>();
    for (;;) {
      const { rows } = await operator.query<{ pid: number }>(
        `SELECT l.pid FROM pg_locks l JOIN pg_database d ON l.locktype = 'object' AND l.classid = 'pg_database'::regclass AND l.objid = d.oid
          WHERE d.datname = $1 AND l.pid NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)`,
        [database],
      );
      for (const { pid } of rows) if (!firstSeen.has(pid)) firstSeen.set(pid, Date.now());
      if (rows.some(({ pid }) => Date.now() - firstSeen.get(pid)! >= 300)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await operated.setForDatabase('lock_timeout', '700ms');

    const held = await holds.catch(() => 'ended');
    await starting.end().catch(() => undefined);
    // Ending only pg_stat_activity's sessions, it starts holding lock_timeout 0.
    expect(['ended', '700ms']).toContain(held);
  });
});
