import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Database } from '@punchline/projections';
import { type ConnectOptions, databaseBeside } from '../platform/database/pg-database';
import { PgliteDatabase } from '../platform/database/pglite-database';
import { pgliteInitialFiles } from './pglite-initial-files';

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
export async function createTestDatabase(kind: DatabaseKind, poolSize = 10, connect?: ConnectOptions): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await PgliteDatabase.open(undefined, { initialDataDir: await pgliteInitialFiles() });
    return { db, drop: () => db.close() };
  }
  const baseUrl = postgresUrl();
  if (!baseUrl) throw new Error('DATABASE_URL is required for postgres tests');
  return databaseBeside(baseUrl, `punchline_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`, poolSize, { connect });
}

/**
 * The database a child process of the app uses, opened from the test: the fresh PostgreSQL one
 * when there is one, else the PGlite under `dataDir` (one process at a time: opened only while no
 * child runs, and closed after `fn`).
 */
export async function withAppDatabase<T>(postgres: TestDatabase | null | undefined, dataDir: string, fn: (db: Database) => Promise<T>): Promise<T> {
  if (postgres) return fn(postgres.db);
  const db = await PgliteDatabase.open(join(dataDir, 'pglite'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
