import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase } from './support';

const root = join(__dirname, '..', '..', '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}

/** The allocator production runs the app with (scripts/start.mjs allocatorEnv, infra/Dockerfile). */
function allocatorEnv(): Record<string, string> {
  const jemalloc = ['/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2'].find((p) => existsSync(p));
  return { MALLOC_ARENA_MAX: '2', ...(jemalloc ? { LD_PRELOAD: jemalloc } : {}) };
}

/** The built app (`node backend/dist/main.js`) in its own process, as production runs it. */
/**
 * DATA_DIR for an app on a database kept between bench runs: the same folder each run, since the
 * database remembers its media storage and refuses another (DESIGN §18). A fresh database gets a fresh one.
 */
export function keptDataDir(keptDatabase: string | undefined): Record<string, string> {
  return keptDatabase ? { DATA_DIR: join(tmpdir(), `punchline-bench-${keptDatabase}`) } : {};
}

export async function startApp(env: Record<string, string>): Promise<RunningProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
    cwd: root,
    env: { ...process.env, ...allocatorEnv(), NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'punchline-bench-')), LOG_LEVEL: 'warn', PUBLIC_BASE_URL: baseUrl, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(`${baseUrl}/api/health`, child, 120_000);
  return { baseUrl, child, stop: stopper(child) };
}

/** The physical reference: a bare Node http server answering every request with the same bytes and headers. */
export async function startReference(body: Buffer, headers: Record<string, string>): Promise<RunningProcess> {
  const port = await freePort();
  const script = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(process.env.BODY_FILE);
    const headers = JSON.parse(process.env.HEADERS);
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(${port}, '127.0.0.1');`;
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'punchline-ref-')), 'body');
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(baseUrl, child, 10_000);
  return { baseUrl, child, stop: stopper(child) };
}

/** Signs in through the development sign-in form and returns the session cookie. */
export async function devSignIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/dev`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ email, name: 'Bench Admin', returnTo: '/admin' }).toString(),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (res.status !== 302 || !cookie) throw new Error(`dev sign-in failed: ${res.status}`);
  return cookie;
}

/** Waits until the app's projector has caught up with the log (its health says lag 0). */
export async function projectorCaughtUp(baseUrl: string): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { projector: { lag: number } };
    if (health.projector.lag <= 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The app on a fresh PostgreSQL database of its own, `admin` signed in (development sign-in); stopped and the database dropped after `fn`. */
export async function withSignedInApp<T>(admin: string, fn: (app: RunningProcess, cookie: string) => Promise<T>): Promise<T> {
  const { url, drop } = await freshDatabase(2);
  try {
    const app = await startApp({ DATABASE_URL: url, ADMIN_EMAILS: admin });
    try {
      return await fn(app, await devSignIn(app.baseUrl, admin));
    } finally {
      await app.stop();
    }
  } finally {
    await drop();
  }
}
