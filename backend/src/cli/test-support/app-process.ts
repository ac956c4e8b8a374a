import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OAuthServer, startOAuthServer } from '../../test-support/oauth-server';
import { freePort, http, testAppEnv } from '../../test-support/test-app';
import { type TestDatabase, createTestDatabase } from '../../test-support/test-database';
import { type CliProcess, spawnCli } from './cli-process';

/**
 * The whole app (main.ts) as a child process that a spec may kill and start again on the same data:
 * a fresh DATA_DIR, a fresh PostgreSQL database (or the embedded PGlite under DATA_DIR), a loopback
 * Google stand-in and a free port, set up in beforeAll and removed in afterAll. Call it inside a
 * describe block; read its fields inside tests.
 */
export interface AppProcess {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** null on PGlite. */
  readonly database: TestDatabase | null;
  /** The environment the app runs with (for other entries, `replay` say, on the same data). */
  readonly env: Record<string, string>;
  /** Starts the app and waits for it to listen. */
  start(timeoutMs?: number): Promise<CliProcess>;
  /** Waits until the app's health reports projector lag 0 (at most 60 s). */
  caughtUp(): Promise<void>;
}

export function appProcess(options: { database: 'postgres' | 'pglite'; dataDirPrefix: string; logLevel?: string }): AppProcess {
  let database: TestDatabase | null = null;
  let oauth: OAuthServer | undefined;
  let dataDir = '';
  let baseUrl = '';
  let env: Record<string, string> = {};

  beforeAll(async () => {
    if (options.database === 'postgres') database = await createTestDatabase('postgres');
    oauth = await startOAuthServer();
    dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = testAppEnv(port, dataDir, { ...(database ? { DATABASE_URL: database.url! } : {}), LOG_LEVEL: options.logLevel ?? 'warn', ...oauth.env });
  });

  afterAll(async () => {
    await oauth?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get baseUrl() {
      return baseUrl;
    },
    get dataDir() {
      return dataDir;
    },
    get database() {
      return database;
    },
    get env() {
      return env;
    },
    async start(timeoutMs = 90_000) {
      const app = spawnCli([], env, 'main');
      await app.waitForLine(/Punchline listening/, timeoutMs);
      return app;
    },
    async caughtUp() {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
        const health = await http(baseUrl).get<{ projector?: { lag?: number } }>('/api/health');
        if (health.status === 200 && (health.body.projector?.lag ?? 1) <= 0) return;
      }
      throw new Error("the app's projector did not catch up within 60 s");
    },
  };
}
