import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli } from '../cli/test-support/cli-process';
import { freePort, testAppEnv } from '../test-support/test-app';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../test-support/test-database';

/**
 * A DATABASE_URL that cannot work is refused at start-up in one line that says what to correct,
 * without a stack trace (the server and `npm run backup` alike): nothing listening, a database that
 * does not exist, a database that takes no writes. Real PostgreSQL answers. (A wrong password has
 * its line too, refusal.ts, but this server trusts loopback and cannot refuse one.)
 */
describe('start-up with a DATABASE_URL that cannot work', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'punchline-refusals-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function refusal(databaseUrl: string, entry: 'main' | 'backup' = 'main'): Promise<string> {
    const env = testAppEnv(await freePort(), dataDir, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
    const run = spawnCli(entry === 'backup' ? ['backup', '--out', join(dataDir, 'never.tar')] : [], env, entry);
    const { code } = await run.exited;
    const output = run.output().trim();
    expect({ code, stack: /\n\s+at /.test(output) }).toEqual({ code: 1, stack: false });
    return output;
  }

  it('names an address where nothing listens', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/punchline`;
    expect(await refusal(url)).toMatch(/^Start-up failed: The database in DATABASE_URL could not be reached \(connect ECONNREFUSED 127\.0\.0\.1:\d+\): is PostgreSQL running there/);
    expect(await refusal(url, 'backup')).toMatch(/^The database in DATABASE_URL could not be reached \(connect ECONNREFUSED/);
  });

  (postgresUrl() ? describe : describe.skip)('on a real server', () => {
    let readOnly: TestDatabase;
    const server = () => new URL(postgresUrl()!);

    beforeAll(async () => {
      readOnly = await createTestDatabase('postgres', 1);
      const name = new URL(readOnly.url!).pathname.slice(1);
      await readOnly.db.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    });
    afterAll(async () => {
      const name = new URL(readOnly.url!).pathname.slice(1);
      await readOnly.db.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = off`).catch(() => undefined);
      await readOnly?.drop();
    });

    it('names a database that does not exist', async () => {
      const url = server();
      url.pathname = '/punchline_no_such_database';
      expect(await refusal(url.toString())).toBe(
        'Start-up failed: database "punchline_no_such_database" does not exist: create it (createdb) or correct the database name in DATABASE_URL.',
      );
    });

    it('names a database that takes no writes (a standby)', async () => {
      expect(await refusal(readOnly.url!)).toMatch(/^Start-up failed: The database in DATABASE_URL takes no writes \(cannot execute .* in a read-only transaction\): it is a standby/);
    });
  });
});
