import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './test-app';

/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl from the distribution's packages, in a temp
 * folder, on its own port), so a test can stop and start the database under a running app without
 * touching the shared server. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 */
export interface PrivatePostgres {
  url: string;
  start(): void;
  /** `pg_ctl stop -m immediate`: the server dies as in a crash or a power cut. */
  crash(): void;
  destroy(): void;
}

/** The newest installed server binaries, or null when PostgreSQL's server is not installed here. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'punchline-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]): void => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (args: string[]): void => run('pg_ctl', ['-D', data, ...args]);
  const start = (): void =>
    pgCtl(['-w', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    crash: () => pgCtl(['-m', 'immediate', 'stop']),
    destroy() {
      try {
        pgCtl(['-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
