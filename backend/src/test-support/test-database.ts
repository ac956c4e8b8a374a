import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Database } from '@punchline/projections';
import { PgDatabase, withDefaultUser } from '../platform/database/pg-database';
import { PgliteDatabase } from '../platform/database/pglite-database';

export type DatabaseKind = 'pglite' | 'postgres';

/** The database kinds a suite runs against: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export function postgresUrl(): string | undefined {
  return process.env.DATABASE_URL;
}

export interface TestDatabase {
  db: Database;
  /** Connection string of the fresh Postgres database (undefined on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database per suite so suites (and developers) never share state: an in-memory
 * PGlite, or a new database created next to DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(kind: DatabaseKind, poolSize = 10): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await PgliteDatabase.open();
    return { db, drop: () => db.close() };
  }
  const baseUrl = postgresUrl();
  if (!baseUrl) throw new Error('DATABASE_URL is required for postgres tests');
  const name = `punchline_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: withDefaultUser(baseUrl) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = new PgDatabase(url.toString(), poolSize);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new Client({ connectionString: withDefaultUser(baseUrl) });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
