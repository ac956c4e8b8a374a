import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Options } from 'express-rate-limit';
import type { Database } from '@punchline/projections';
import { migrate } from '../database/migrations';
import { PgDatabase } from '../database/pg-database';
import { type TestDatabase, createTestDatabase, databaseKinds } from '../../test-support/test-database';
import { DatabaseRateLimitStore, pruneRateLimitCounters } from './rate-limit-store';
import { LEGACY_SECRET_FILE, sharedSessionSecret } from './shared-session-secret';
import { sharedStateMigration } from './shared-state.migration';

describe.each(databaseKinds())('shared state on %s (DESIGN §18)', (kind) => {
  let test: TestDatabase;
  /** A second instance's handle on the same database (its own pool on PostgreSQL). */
  let other: Database;
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'punchline-shared-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await migrate(test.db, [sharedStateMigration]);
    other = test.url ? new PgDatabase(test.url, 2) : test.db;
  });
  afterAll(async () => {
    if (other !== test.db) await other.close();
    await test.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every instance the same session secret, adopting one an older version left in DATA_DIR', async () => {
    const legacy = dataDir();
    writeFileSync(join(legacy, LEGACY_SECRET_FILE), `${'a1'.repeat(32)}\n`);
    const first = await sharedSessionSecret(test.db, legacy);
    expect(first).toBe('a1'.repeat(32));
    expect(await sharedSessionSecret(other, dataDir())).toBe(first);
    // A later start with another (or no) file keeps the database's secret.
    writeFileSync(join(legacy, LEGACY_SECRET_FILE), 'b2'.repeat(32));
    expect(await sharedSessionSecret(other, legacy)).toBe(first);
  });

  it('counts a limit across instances, one row per key and window, and prunes expired rows', async () => {
    const windowMs = 400;
    const a = new DatabaseRateLimitStore(test.db, 'test');
    const b = new DatabaseRateLimitStore(other, 'test');
    a.init({ windowMs } as Options);
    b.init({ windowMs } as Options);
    const hits = [];
    for (const store of [a, b, a, b, a]) hits.push((await store.increment('203.0.113.7')).totalHits);
    expect(hits).toEqual([1, 2, 3, 4, 5]);
    await b.decrement('203.0.113.7');
    expect((await a.get('203.0.113.7'))?.totalHits).toBe(4);
    await a.increment('198.51.100.1');
    const rows = await test.db.query<{ n: number }>("SELECT count(*)::int AS n FROM platform.rate_limit_counters WHERE limiter = 'test'");
    expect(rows.rows[0]!.n).toBe(2);

    await new Promise((r) => setTimeout(r, windowMs + 100));
    expect(await b.get('203.0.113.7')).toBeUndefined();
    // A new window starts in the same row.
    expect((await b.increment('203.0.113.7')).totalHits).toBe(1);
    expect(await pruneRateLimitCounters(test.db)).toBe(1);
    await a.resetKey('203.0.113.7');
    expect(await a.get('203.0.113.7')).toBeUndefined();
  });
});
