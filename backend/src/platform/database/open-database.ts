import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@punchline/projections';
import { PgDatabase } from './pg-database';
import { PgliteDatabase } from './pglite-database';

/**
 * DATABASE_URL set → PostgreSQL; otherwise embedded PGlite under DATA_DIR/pglite. A command
 * (`forCommand`) opens PostgreSQL sessions without timeouts, as pg_dump does (pg-database.ts).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; forCommand?: boolean }): Promise<Database> {
  if (options.databaseUrl) return new PgDatabase(options.databaseUrl, undefined, { noTimeouts: options.forCommand === true });
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return PgliteDatabase.open(dir);
}
