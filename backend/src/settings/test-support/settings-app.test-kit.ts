import type { RecordedEvent } from '@punchline/domain';
import { SITE_STREAM } from '@punchline/domain';
import { Clock } from '../../platform/event-sourcing/clock';
import { type TestApp, http, signIn, startTestApp } from '../../test-support/test-app';
import type { DatabaseKind } from '../../test-support/test-database';

/** Helpers shared by the settings HTTP suites (test-support/ is left out of the build). */

export const ADMIN_A = 'a@example.com';
export const ADMIN_B = 'b@example.com';
export const REMOVED_ADMIN = 'c@example.com';

export type Client = ReturnType<typeof http>;

export interface SettingsApp {
  app: TestApp;
  /** Two admins from ADMIN_EMAILS, each with a session of their own. */
  a: Client;
  b: Client;
  /** No session. */
  visitor: Client;
  /** Signed in while allowlisted, then removed from the allowlist: a session that is not an admin's. */
  removed: Client;
  clock: Clock;
  /** Moves the settings clock (commands and lock expiry) by seconds; cumulative. */
  advanceClock(seconds: number): void;
  siteEvents(): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

export async function startSettingsApp(kind: DatabaseKind): Promise<SettingsApp> {
  const app = await startTestApp({ kind, env: { ADMIN_EMAILS: `${ADMIN_A},${ADMIN_B}` } });
  const a = http(app.baseUrl, await signIn(app.baseUrl, ADMIN_A));
  const b = http(app.baseUrl, await signIn(app.baseUrl, ADMIN_B));
  expect((await a.put('/api/admin/allowlist', { emails: [REMOVED_ADMIN] })).status).toBe(200);
  const removed = http(app.baseUrl, await signIn(app.baseUrl, REMOVED_ADMIN));
  expect((await a.put('/api/admin/allowlist', { emails: [] })).status).toBe(200);

  const clock = app.app.get(Clock);
  let offsetMs = 0;
  const realNow = clock.now.bind(clock);
  // Time is injected (DESIGN §12.3); moving it is how a test sees a lock expire without waiting 30 s.
  jest.spyOn(clock, 'now').mockImplementation(() => new Date(realNow().getTime() + offsetMs));
  return {
    app,
    a,
    b,
    visitor: http(app.baseUrl),
    removed,
    clock,
    advanceClock(seconds: number) {
      offsetMs += seconds * 1000;
    },
    siteEvents: () => app.runtime.store.readStream(SITE_STREAM),
    async close() {
      jest.restoreAllMocks();
      await app.close();
    },
  };
}

/** Releases whatever lock either admin holds, so each test starts with the draft free. */
export async function releaseAll(s: SettingsApp): Promise<void> {
  expect((await s.a.post('/api/settings/lock/release', {})).status).toBe(200);
  expect((await s.b.post('/api/settings/lock/release', {})).status).toBe(200);
}

/** Loads the draft, applies `patch`, saves the whole record (what the editor does); returns the response. */
export async function saveDraft(client: Client, patch: Record<string, unknown>) {
  const draft = await client.get('/api/settings?stage=draft');
  expect(draft.status).toBe(200);
  return client.put('/api/settings?stage=draft', { ...draft.body, ...patch });
}

/** Acquires the lock for `client`, saves `patch` into the draft, expecting both to succeed. */
export async function lockAndSave(client: Client, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  expect((await client.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
  const saved = await saveDraft(client, patch);
  expect(saved.status).toBe(200);
  return saved.body.data;
}

/**
 * The settings app of a describe block on `kind`: started once before its tests (`use` receives it)
 * and closed after them; both admins give the lock back before each test.
 */
export function settingsAppForSuite(kind: DatabaseKind, use: (app: SettingsApp) => void): void {
  let app: SettingsApp | undefined;
  beforeAll(async () => {
    app = await startSettingsApp(kind);
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await releaseAll(app!);
  });
}
