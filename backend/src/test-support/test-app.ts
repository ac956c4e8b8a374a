import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Database } from '@punchline/projections';
import { loadConfig } from '../platform/config/config';
import { createApp } from '../platform/http/create-app';
import { type Runtime, openRuntime } from '../platform/runtime';
import { type ConnectOptions, PgDatabase } from '../platform/database/pg-database';
import { type DatabaseKind, type TestDatabase, createTestDatabase } from './test-database';
import { freePort } from './free-port';
import { type OAuthServer, type TestUser, startOAuthServer } from './oauth-server';

/** In ADMIN_EMAILS of every test app unless the test overrides ADMIN_EMAILS. */
export const TEST_ADMIN_EMAIL = 'admin@example.com';

export interface TestApp {
  /** http://127.0.0.1:<port>, also the app's PUBLIC_BASE_URL. */
  baseUrl: string;
  app: NestExpressApplication;
  runtime: Runtime;
  db: Database;
  /** Connection string of the fresh PostgreSQL database (undefined on PGlite). */
  databaseUrl?: string;
  oauth: OAuthServer;
  /** DATA_DIR (local media under it); a `sharedWith` instance uses its first instance's. */
  dataDir: string;
  close(): Promise<void>;
}

export { freePort };

/** A second handle on another app's database: its own pool on PostgreSQL, the same PGlite otherwise. */
function sharedDatabase(other: TestApp): TestDatabase {
  if (!other.databaseUrl) return { db: other.db, drop: async () => undefined };
  const db = new PgDatabase(other.databaseUrl, 5);
  return { db, url: other.databaseUrl, drop: () => db.close() };
}

/**
 * The whole app on a fresh database, listening on loopback, signed in through a real OAuth2
 * provider of its own. `env` overrides or adds variables (an empty string unsets one, e.g.
 * GOOGLE_CLIENT_ID: '' for development sign-in). `sharedWith` starts a second instance on another
 * test app's database and provider (scale-out tests). `connect` opens the app's PostgreSQL
 * connections another way (through a proxy, with other options); databaseUrl stays the direct one.
 */
export async function startTestApp(options: { kind?: DatabaseKind; env?: Record<string, string>; sharedWith?: TestApp; connect?: ConnectOptions } = {}): Promise<TestApp> {
  const testDb = options.sharedWith ? sharedDatabase(options.sharedWith) : await createTestDatabase(options.kind ?? 'pglite', 10, options.connect);
  const ownOAuth = !options.sharedWith;
  const oauth = options.sharedWith?.oauth ?? (await startOAuthServer());
  // Instances of one site share its media storage (DESIGN §18: another folder is refused at start).
  const dataDir = options.sharedWith?.dataDir ?? mkdtempSync(join(tmpdir(), 'punchline-test-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A start-up that fails (a test of config validation) must not leave the provider process
  // or the database behind: either would keep jest from exiting.
  const releaseStarted = async () => {
    await testDb.drop();
    if (ownOAuth) await oauth.stop();
    if (!options.sharedWith) rmSync(dataDir, { recursive: true, force: true });
  };
  let runtime: Awaited<ReturnType<typeof openRuntime>> | undefined;
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    const config = loadConfig({
      ...testAppEnv(port, dataDir),
      // Suites sign the same non-admin fixtures in again and again (each a refused admin sign-in);
      // sign-in.int.spec.ts runs with a person's limit and proves it (issue 24).
      SIGN_IN_REFUSAL_LIMIT: '1000',
      ...oauth.env,
      ...options.env,
    });
    runtime = await openRuntime(config, { db: testDb.db });
    app = await createApp(runtime, { logger: false });
    await app.listen(port, '127.0.0.1');
  } catch (error) {
    await runtime?.close().catch(() => undefined);
    await releaseStarted();
    throw error;
  }
  const openedRuntime = runtime;
  let closed = false;
  return {
    baseUrl,
    app,
    runtime: openedRuntime,
    db: testDb.db,
    databaseUrl: testDb.url,
    oauth,
    dataDir,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await openedRuntime.close();
      await releaseStarted();
    },
  };
}

export interface HttpResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

function cookiePairs(headers: Headers): string[] {
  return headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/** Name=value of the session cookie set by a response, if any. */
export function sessionCookieFrom(headers: Headers): string | null {
  return cookiePairs(headers).find((c) => c.startsWith('punchline.sid=')) ?? null;
}

/**
 * The environment of an app under test on loopback `port` with `dataDir`: test mode, the test admin,
 * a fixed session secret, silent logs; `extra` adds or overrides (the OAuth stand-in, say).
 */
export function testAppEnv(port: number, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

/**
 * A tiny JSON client for one cookie jar entry. Every request carries Origin = baseUrl (what a
 * browser on the site sends); pass headers to override it.
 */
export function http(baseUrl: string, cookie?: string | null) {
  const request = async <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResponse<T>> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: baseUrl,
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
  return {
    request,
    get: <T = any>(path: string, headers?: Record<string, string>) => request<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>('POST', path, body, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>('PUT', path, body, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>('PATCH', path, body, headers),
    delete: <T = any>(path: string, headers?: Record<string, string>) => request<T>('DELETE', path, undefined, headers),
  };
}

export interface SignInTrace {
  /** Session cookie before the provider round trip (holds `state`), or null. */
  preCookie: string | null;
  /** Session cookie after sign-in, or null when no session was opened. */
  cookie: string | null;
  /** Where the app sent the browser at the end. */
  location: string;
}

/**
 * Walks the real authorization-code flow: app → provider (which picks `user`) → app callback.
 * Returns each hop's cookie so tests can check that the session id changes.
 */
export async function signInTrace(baseUrl: string, user: TestUser, options: { returnTo?: string } = {}): Promise<SignInTrace> {
  const start = await fetch(`${baseUrl}/api/auth/google${options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : ''}`, { redirect: 'manual' });
  const authorize = start.headers.get('location');
  if (start.status !== 302 || !authorize) throw new Error(`Sign-in did not redirect to the provider (${start.status})`);
  await start.text();
  // The signed state cookie (issue 24: no session before sign-in), sent back with the callback.
  const preCookie = cookiePairs(start.headers).join('; ') || null;
  const providerUrl = new URL(authorize);
  providerUrl.searchParams.set('test_email', user.email ?? '');
  if (user.name) providerUrl.searchParams.set('test_name', user.name);
  if (user.picture) providerUrl.searchParams.set('test_picture', user.picture);
  if (user.emailVerified === false) providerUrl.searchParams.set('test_verified', 'false');
  const consent = await fetch(providerUrl, { redirect: 'manual' });
  await consent.text();
  const callback = consent.headers.get('location');
  if (!callback) throw new Error(`The provider did not redirect back (${consent.status})`);
  const done = await fetch(callback, { redirect: 'manual', headers: preCookie ? { cookie: preCookie } : {} });
  // Read the body: express-session may still be writing the session until the response ends.
  const body = await done.text();
  if (done.status !== 302) throw new Error(`The callback answered ${done.status}: ${body}`);
  return { preCookie, cookie: sessionCookieFrom(done.headers), location: done.headers.get('location') ?? '' };
}

/** Signs in through the real OAuth2 flow with a verified email; returns the session cookie. */
export async function signIn(baseUrl: string, email: string, name: string | null = null): Promise<string> {
  const trace = await signInTrace(baseUrl, { email, name, emailVerified: true });
  if (!trace.cookie) throw new Error(`Sign-in as ${email} opened no session (landed on ${trace.location})`);
  return trace.cookie;
}
