import fc from 'fast-check';
import { SETTINGS_FIELD_NAMES } from '@punchline/domain';
import { ROUTE_ACCESS, type RouteAccess } from '../route-access.table';
import { type FuzzRequest, type Role, MILLION_CHARACTER_TEXTS, fuzzRequest } from '../test-support/route-fuzz';
import { type TestApp, TEST_ADMIN_EMAIL, signIn, startTestApp } from '../test-support/test-app';

/**
 * Issue 11 point 5: generated bodies, query strings, headers and path parameters to every route,
 * as a visitor, a signed-in non-admin, an auditor and an admin. Whatever arrives: no 5xx, a refused request
 * (4xx) changes nothing in the log and says why, and nothing rejects unhandled in the process.
 *
 * `npm test` runs FUZZ_RUNS=100 cases per route; `npm run fuzz` runs 1,000 and adds a
 * million-character text in every text position of every route that parses text, printing times.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const HOSTILE = process.env.FUZZ_HOSTILE === '1';
// PostgreSQL refuses what PGlite accepts (a NUL in text): fuzz the stricter one where it runs.
const KIND = process.env.DATABASE_URL ? 'postgres' : 'pglite';
// The development sign-in form and its provider redirect have nothing else to parse.
const ROUTES = ROUTE_ACCESS.filter((route) => !route.path.startsWith('/api/docs'));
const AUDITOR_EMAIL = 'auditor@example.com';

interface Outcome {
  status: number;
  ms: number;
}

describe(`every route under generated input (${KIND})`, () => {
  let t: TestApp;
  const sessions: Record<Role, string | null> = { visitor: null, member: null, admin: null, auditor: null };
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const totals = new Map<string, { cases: number; statuses: Map<number, number> }>();

  const renewSessions = async () => {
    sessions.member = await signIn(t.baseUrl, 'member@example.com', 'Mona Member');
    sessions.admin = await signIn(t.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin');
    sessions.auditor = await signIn(t.baseUrl, AUDITOR_EMAIL, 'Otto Auditor');
  };

  async function send(request: FuzzRequest): Promise<Outcome & { text: string }> {
    const cookie = sessions[request.role];
    const started = performance.now();
    const res = await fetch(t.baseUrl + request.path, {
      method: request.method,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - started, text };
  }

  /** The properties every answer must have; throws (fast-check then shrinks) when one fails. */
  async function check(route: RouteAccess, request: FuzzRequest): Promise<Outcome> {
    const head = await t.runtime.store.headPosition();
    const answer = await send(request);
    const where = `${request.role} ${request.method} ${request.path.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 200)}`;
    if (answer.status >= 500) throw new Error(`server error: ${where}`);
    if (answer.status >= 400) {
      if ((await t.runtime.store.headPosition()) !== head) throw new Error(`a refused request changed the log: ${where}`);
      // Our API's refusals say why; a 404 from Express for an unroutable path may be bare.
      // 431 comes from Node's HTTP parser (a request head over 16 KB) before any code of ours runs.
      const bare = answer.status === 404 || answer.status === 405 || answer.status === 431;
      if (request.path.startsWith('/api/') && !bare && !/"error":"[^"]+"/.test(answer.text)) {
        throw new Error(`a refusal without a message: ${where}`);
      }
    }
    // Logout ends the session it was sent with: sign in again so the next cases keep their role.
    if (route.path === '/api/auth/logout' && answer.status < 400) await renewSessions();
    return answer;
  }

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    t = await startTestApp({ kind: KIND, env: { AUDITOR_EMAILS: AUDITOR_EMAIL } });
    await renewSessions();
  }, 120_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    const lines = [...totals].map(([route, { cases, statuses }]) => `${route.padEnd(52)} ${String(cases).padStart(5)}  ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    const all = [...totals.values()].reduce((sum, { cases }) => sum + cases, 0);
    console.log(`route fuzz (${KIND}): ${all} cases over ${totals.size} routes, ${RUNS} per route, 0 failures\n${lines.join('\n')}`);
    await t?.close();
  }, 120_000);

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: no 5xx, refusals change nothing and say why', async (name, route) => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequest(route, t.baseUrl), async (request) => {
        const { status } = await check(route, request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    totals.set(name, { cases: RUNS, statuses });
    expect(unhandled).toEqual([]);
  }, 600_000);

  const describeHostile = HOSTILE ? describe : describe.skip;
  describeHostile('a million characters in every text position', () => {
    // Node refuses request heads over 16 KB (431), so a query or path carries at most that much.
    const QUERY_TEXT = 14_000;
    const TEXT_KEYS = ['name', 'from', 'email', 'message', 'emails', 'label', 'path', 'newName', 'to', 'responded', 'returnTo', 'id', 'snapshotId', 'ttlSeconds'];
    const QUERY_KEYS = ['q', 'actor', 'action', 'stage', 'path', 'returnTo', 'limit', 'cursor', 'sort', 'responded', 'code', 'state'];

    it('answers each within the event loop budget (printed; target < 50 ms)', async () => {
      const rows: string[] = [];
      for (const route of ROUTES) {
        const keys = route.method === 'GET' ? QUERY_KEYS : route.path === '/api/settings' ? SETTINGS_FIELD_NAMES : TEXT_KEYS;
        let worst = { ms: 0, what: '' };
        const times: number[] = [];
        for (const [kind, text] of Object.entries(MILLION_CHARACTER_TEXTS)) {
          for (const key of keys) {
            const path = route.path.replace(/:[A-Za-z_]\w*/g, encodeURIComponent(text.slice(0, 1000)).slice(0, 2000));
            const request: FuzzRequest =
              route.method === 'GET'
                ? { role: 'admin', method: 'GET', path: `${path}?${key}=${encodeURIComponent(text).slice(0, QUERY_TEXT - path.length)}`, headers: { origin: t.baseUrl }, body: undefined }
                : { role: 'admin', method: route.method, path, headers: { origin: t.baseUrl, 'content-type': 'application/json' }, body: JSON.stringify({ [key]: text }) };
            const { ms } = await check(route, request);
            times.push(ms);
            if (ms > worst.ms) worst = { ms, what: `${kind} in ${key}` };
          }
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)];
        rows.push(`${`${route.method} ${route.path}`.padEnd(52)} ${String(times.length).padStart(4)} requests, median ${median.toFixed(1)} ms, slowest ${worst.ms.toFixed(1)} ms (${worst.what})`);
      }
      console.log(`million-character inputs (${KIND}):\n${rows.join('\n')}`);
      expect(unhandled).toEqual([]);
    }, 1_800_000);
  });
});
