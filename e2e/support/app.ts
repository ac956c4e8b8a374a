/**
 * The built app (node backend/dist/main.js, built beforehand by `npm run build`) as a child process
 * on a free loopback port with a fresh DATA_DIR (embedded PGlite), Google sign-in pointed at a
 * loopback OAuth2 provider. Nothing is built here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../backend/src/test-support/free-port';
import { pgliteInitialDirectory } from '../../backend/src/test-support/pglite-initial-files';
import { type OAuthServer, startOAuthServer } from './oauth';

export const ROOT = join(__dirname, '..', '..');
export const E2E_ADMIN_EMAIL = 'admin@example.com';

export interface BuiltApp {
  baseUrl: string;
  /** The loopback Google stand-in (null when started with `oauth: false`). */
  oauth: OAuthServer | null;
  dataDir: string;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash would end it: no shutdown hooks run; the OAuth stand-in stops, DATA_DIR stays. */
  kill(): Promise<void>;
}

export interface StartBuiltAppOptions {
  /** Extra or overriding environment; ADMIN_EMAILS defaults to admin@example.com. */
  env?: Record<string, string>;
  /** false: no OAuth provider and no GOOGLE_* variables (development sign-in). */
  oauth?: boolean;
  /** Start on this DATA_DIR (for example, one an earlier start left behind); the caller removes it. */
  dataDir?: string;
}

export async function startBuiltApp(options: StartBuiltAppOptions = {}): Promise<BuiltApp> {
  const main = join(ROOT, 'backend/dist/main.js');
  if (!existsSync(main)) throw new Error('backend/dist/main.js is missing: run `npm run build` first.');
  const oauth = options.oauth === false ? null : await startOAuthServer();
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'punchline-e2e-'));
  // A fresh embedded database starts from initdb's files, made once (pglite-initial-files.ts).
  if (!options.dataDir && !options.env?.DATABASE_URL) cpSync(await pgliteInitialDirectory(), join(dataDir, 'pglite'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      LOG_LEVEL: 'warn',
      ...(oauth?.env ?? {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await oauth?.stop();
      throw new Error(`the app exited (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    oauth,
    dataDir,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      await oauth?.stop();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // unref: a pending fallback timer must not keep jest alive after the app has exited.
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await oauth?.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
