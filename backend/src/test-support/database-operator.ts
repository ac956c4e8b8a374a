import { Client } from 'pg';
import { withDefaultUser } from '../platform/database/pg-database';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from './test-app';

/**
 * An app on PostgreSQL, an admin signed in to it, and an operator's own session on its database:
 * what the tests of a database that misbehaves (read-only, timeouts) use to change a server setting
 * the way a DBA or a managed service would.
 */
export interface OperatedApp {
  app: TestApp;
  admin: ReturnType<typeof http>;
  operator: Client;
  database: string;
  /**
   * Sets a setting for the whole database (null resets it) and ends every other session on it, so
   * the app's pool reconnects under it, as after a failover or a DBA's ALTER DATABASE.
   */
  setForDatabase(setting: string, value: string | null): Promise<void>;
  /** Ends every session on the database but the operator's, as a restart or a failover ends them. */
  endSessions(): Promise<void>;
  /** Resets the settings it was asked to reset, ends the operator's session, closes the app. */
  close(resetOnClose: string[]): Promise<void>;
}

export async function startOperatedApp(): Promise<OperatedApp> {
  const app = await startTestApp({ kind: 'postgres' });
  const admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
  const database = new URL(app.databaseUrl!).pathname.slice(1);
  const operator = new Client({ connectionString: withDefaultUser(app.databaseUrl!) });
  await operator.connect();
  /**
   * Ends every session on the database, counting the ones still starting. PostgreSQL reads the
   * database's settings while a session starts and lists the session in pg_stat_activity only
   * after: one that was starting when a setting changed kept the old value and was not seen.
   * Ending only pg_stat_activity's sessions let a pool connection keep lock_timeout 0 on a slow CI
   * machine, and the write the test expected to be refused waited on the lock for ever. Every
   * session holds a lock on its database object from before it reads the settings, so pg_locks
   * names those too (pg_terminate_backend reaches them: they are in the process array already).
   */
  const endSessions = async (): Promise<void> => {
    await operator.query(
      `SELECT pg_terminate_backend(pid) FROM (
         SELECT pid FROM pg_stat_activity WHERE datname = $1
         UNION SELECT l.pid FROM pg_locks l JOIN pg_database d ON l.locktype = 'object' AND l.classid = 'pg_database'::regclass AND l.objid = d.oid WHERE d.datname = $1
       ) AS sessions WHERE pid IS NOT NULL AND pid <> pg_backend_pid()`,
      [database],
    );
  };
  const setForDatabase = async (setting: string, value: string | null): Promise<void> => {
    if (!/^[a-z_]+$/.test(setting)) throw new Error(`Not a setting name: ${setting}`);
    await operator.query(value === null ? `ALTER DATABASE "${database}" RESET ${setting}` : `ALTER DATABASE "${database}" SET ${setting} = ${operator.escapeLiteral(value)}`);
    await endSessions();
  };
  return {
    app,
    admin,
    operator,
    database,
    setForDatabase,
    endSessions,
    close: async (resetOnClose) => {
      for (const setting of resetOnClose) await operator.query(`ALTER DATABASE "${database}" RESET ${setting}`).catch(() => undefined);
      await operator.end();
      await app.close();
    },
  };
}
