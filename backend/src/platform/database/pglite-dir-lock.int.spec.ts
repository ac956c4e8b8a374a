import { existsSync, mkdtempSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { appProcess } from '../../cli/test-support/app-process';
import { spawnCli } from '../../cli/test-support/cli-process';
import { http } from '../../test-support/test-app';
import { DataDirInUseError, FOREIGN_STALE_MS, processStart } from './pglite-dir-lock';
import { PgliteDatabase } from './pglite-database';

/**
 * One process at a time on a PGlite directory (pglite-dir-lock.ts): a second process is refused in
 * words before PGlite touches the files, the holder goes on serving, and a holder killed outright
 * is taken over by the next opener at once.
 */
describe('the embedded database is opened by one process at a time', () => {
  const harness = appProcess({ database: 'pglite', dataDirPrefix: 'punchline-dirlock-' });

  it('refuses `npm run backup` and a second server beside the running app, naming it; after a SIGKILL the next opener takes over', async () => {
    const app = await harness.start();
    const lockFile = join(harness.dataDir, 'pglite.lock');
    expect(existsSync(lockFile)).toBe(true);

    const backup = spawnCli(['backup', '--out', join(harness.dataDir, 'beside.tar')], harness.env, 'backup');
    expect((await backup.exited).code).toBe(1);
    expect(backup.output()).toContain(`The embedded database ${join(harness.dataDir, 'pglite')} is in use by another process (pid ${app.child.pid}`);
    expect(backup.output()).toContain("use 'Back up now'");
    expect(backup.output()).not.toMatch(/^\s+at /m);
    expect(existsSync(join(harness.dataDir, 'beside.tar'))).toBe(false);

    // Same port: the database is opened before the server listens, so the refusal comes first.
    const second = spawnCli([], harness.env, 'main');
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toMatch(/Start-up failed: The embedded database .* is in use by another process \(pid \d+/);

    // The holder was not disturbed: it still answers from its database.
    const health = await http(harness.baseUrl).get<{ status: string }>('/api/health');
    expect(health.status).toBe(200);

    app.child.kill('SIGKILL');
    await app.exited;
    expect(existsSync(lockFile)).toBe(true);
    const after = spawnCli(['backup', '--out', join(harness.dataDir, 'after.tar')], harness.env, 'backup');
    const { code } = await after.exited;
    expect({ code, output: code === 0 ? '' : after.output() }).toEqual({ code: 0, output: '' });
    expect(existsSync(join(harness.dataDir, 'after.tar'))).toBe(true);
    // A command that closes its database gives the directory back.
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});

describe('the directory lock in one process', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'punchline-dirlock-unit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second open in the same process and frees the directory on close', async () => {
    const data = join(dir, 'pglite');
    const first = await PgliteDatabase.open(data);
    const refused = await PgliteDatabase.open(data).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain('this very process');
    await first.close();
    expect(existsSync(`${data}.lock`)).toBe(false);
    const again = await PgliteDatabase.open(data);
    expect((await again.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await again.close();
  }, 60_000);

  it('takes over a lock whose pid now belongs to another process (a reused pid), and one left unreadable', async () => {
    const data = join(dir, 'pglite');
    // The parent of this test process is alive, but started at another time than the lock says.
    writeFileSync(`${data}.lock`, JSON.stringify({ pid: process.ppid, started: 'not-its-start', host: hostname(), command: 'gone', since: '2026-01-01T00:00:00.000Z' }));
    const db = await PgliteDatabase.open(data);
    await db.close();

    writeFileSync(`${data}.lock`, '');
    const again = await PgliteDatabase.open(data);
    await again.close();
    expect(existsSync(`${data}.lock`)).toBe(false);
  }, 60_000);

  it('judges a lock from another host (a recreated container) by when it was last refreshed', async () => {
    const data = join(dir, 'pglite');
    const foreign = JSON.stringify({ pid: 1, started: '1', host: 'container-before', command: 'backend/dist/main.js', since: '2026-12-07T00:00:00.000Z' });
    writeFileSync(`${data}.lock`, foreign);
    await expect(PgliteDatabase.open(data)).rejects.toThrow(`(pid 1 on host container-before: backend/dist/main.js, since 2026-12-07T00:00:00.000Z)`);
    const old = new Date(Date.now() - FOREIGN_STALE_MS - 1_000);
    utimesSync(`${data}.lock`, old, old);
    const db = await PgliteDatabase.open(data);
    await db.close();
    expect(existsSync(`${data}.lock`)).toBe(false);
  }, 60_000);

  it('refuses a lock held by a live process with its own start time', async () => {
    const data = join(dir, 'pglite');
    writeFileSync(`${data}.lock`, JSON.stringify({ pid: process.ppid, started: processStart(process.ppid), host: hostname(), command: 'npm start', since: '2026-12-07T00:00:00.000Z' }));
    await expect(PgliteDatabase.open(data)).rejects.toThrow(`in use by another process (pid ${process.ppid}: npm start, since 2026-12-07T00:00:00.000Z)`);
    expect(existsSync(join(data, 'PG_VERSION'))).toBe(false);
  });
});
