import type { NestExpressApplication } from '@nestjs/platform-express';
import { ROUTE_ACCESS, type RouteAccess, type RouteMethod } from '../route-access.table';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../test-support/test-app';
import { databaseKinds } from '../test-support/test-database';
import { crossSiteRefusal } from '../auth';

const METHODS: RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const MUTATIONS = new Set<RouteMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
}

/**
 * Nest mounts MiddlewareConsumer middleware as all-method routes whose handlers only call next()
 * after marking the request; those are not endpoints. If Nest changes that wrapper, they show up
 * as routes without a row and this suite fails loudly instead of skipping anything silently.
 */
function isNestMiddleware(route: NonNullable<ExpressLayer['route']>): boolean {
  return route.stack.length > 0 && route.stack.every((l) => String(l.handle).includes('handledRequests'));
}

/** Every method+path the Express app will route, as registered (Nest controllers, Swagger, ...). */
function registeredRoutes(app: NestExpressApplication): { method: RouteMethod; path: string }[] {
  const stack = (app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } }).router.stack;
  const routes = new Map<string, { method: RouteMethod; path: string }>();
  for (const layer of stack) {
    if (!layer.route || isNestMiddleware(layer.route)) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    const methods = layer.route.methods._all ? METHODS : METHODS.filter((m) => layer.route!.methods[m.toLowerCase()]);
    for (const path of paths) for (const method of methods) routes.set(`${method} ${path}`, { method, path });
  }
  return [...routes.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

function concretePath(path: string): string {
  return path.replace(/:[A-Za-z_]\w*/g, SAMPLE_ID).replace(/\{?\*\w+\}?/g, 'x');
}

type Verdict = 'passes' | 401 | 403;
function verdictOf(status: number, body: unknown): Verdict {
  // A 403 from the Origin check would hide the access check: requests here carry the right Origin.
  if (status === 401) return 401;
  if (status === 403) return 403;
  expect(body).not.toEqual({ error: expect.stringMatching(/^Cross-site request refused/) });
  return 'passes';
}

function expected(row: RouteAccess): { anonymous: Verdict; member: Verdict; auditor: Verdict; admin: Verdict } {
  switch (row.audience) {
    case 'anyone':
      return { anonymous: 'passes', member: 'passes', auditor: 'passes', admin: 'passes' };
    case 'signed-in':
      return { anonymous: 401, member: 'passes', auditor: 'passes', admin: 'passes' };
    case 'admin':
      return { anonymous: 401, member: 403, auditor: 403, admin: 'passes' };
    case 'reader':
      return { anonymous: 401, member: 403, auditor: 'passes', admin: 'passes' };
    default: {
      const _exhaustive: never = row.audience;
      return _exhaustive;
    }
  }
}

describe.each(databaseKinds())('every registered route against the access table (%s)', (kind) => {
  let t: TestApp;
  let routes: { method: RouteMethod; path: string }[];
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { AUDITOR_EMAILS: 'auditor@example.com' } });
    routes = registeredRoutes(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  it('has exactly one row per registered route, and no row for a route that is gone', () => {
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    const table = new Set(ROUTE_ACCESS.map(key));
    const live = new Set(routes.map(key));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !table.has(key(r))).map(key)).toEqual([]);
    expect(ROUTE_ACCESS.filter((r) => !live.has(key(r))).map(key)).toEqual([]);
    expect(ROUTE_ACCESS.length).toBe(table.size);
  });

  it('answers visitors, signed-in non-admins and admins as the table says', async () => {
    const seen: string[] = [];
    const want: string[] = [];
    for (const row of ROUTE_ACCESS) {
      // Fresh sessions per route: logout and friends may end the previous ones.
      const member = await signIn(t.baseUrl, 'member@example.com', 'Mona Member');
      const admin = await signIn(t.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin');
      const auditor = await signIn(t.baseUrl, 'auditor@example.com', 'Otto Auditor');
      const path = concretePath(row.path);
      const body = MUTATIONS.has(row.method) ? {} : undefined;
      const call = async (cookie: string | null) => {
        const res = await http(t.baseUrl, cookie).request(row.method, path, body);
        return verdictOf(res.status, res.body);
      };
      const got = { anonymous: await call(null), member: await call(member), auditor: await call(auditor), admin: await call(admin) };
      seen.push(`${row.method} ${row.path} ${JSON.stringify(got)}`);
      want.push(`${row.method} ${row.path} ${JSON.stringify(expected(row))}`);
    }
    expect(seen).toEqual(want);
  }, 120_000);

  it('refuses every mutation from a foreign or null Origin, a cross-site Sec-Fetch-Site, or with no Origin and no Referer, even for an admin', async () => {
    const admin = await signIn(t.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin');
    const client = http(t.baseUrl, admin);
    const outcomes: string[] = [];
    for (const row of ROUTE_ACCESS.filter((r) => MUTATIONS.has(r.method))) {
      const path = concretePath(row.path);
      const foreign = await client.request(row.method, path, {}, { origin: 'https://evil.example' });
      const foreignReferer = await client.request(row.method, path, {}, { origin: '', referer: 'https://evil.example/page' });
      const noOrigin = await fetch(`${t.baseUrl}${path}`, { method: row.method, headers: { cookie: admin, 'content-type': 'application/json' }, body: '{}' });
      // Issue 24 point 6: an opaque origin is never ours, whatever the Referer says.
      const nullOrigin = await client.request(row.method, path, {}, { origin: 'null', referer: `${t.baseUrl}/admin` });
      // A browser that sends Fetch Metadata has said where the request came from: the Referer cannot overrule it.
      const crossSite = await client.request(row.method, path, {}, { origin: '', referer: `${t.baseUrl}/admin`, 'sec-fetch-site': 'cross-site' });
      outcomes.push(`${row.method} ${row.path} ${foreign.status} ${foreignReferer.status} ${noOrigin.status} ${nullOrigin.status} ${crossSite.status}`);
      expect(foreign.body).toEqual({ error: crossSiteRefusal(new URL(t.baseUrl).origin) });
    }
    expect(outcomes).toEqual(ROUTE_ACCESS.filter((r) => MUTATIONS.has(r.method)).map((r) => `${r.method} ${r.path} 403 403 403 403 403`));
    // The admin session survived all of it: the refused logout did not log anybody out.
    expect((await client.get('/api/auth/me')).body.isAdmin).toBe(true);
  }, 120_000);

  it('accepts a mutation without Origin when Sec-Fetch-Site says same-origin, or (a browser without Fetch Metadata) the Referer is ours', async () => {
    const client = http(t.baseUrl, await signIn(t.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin'));
    const fetchMetadata = await client.post('/api/settings/lock/acquire', {}, { origin: '', 'sec-fetch-site': 'same-origin' });
    const refererOnly = await client.post('/api/settings/lock/release', {}, { origin: '', referer: `${t.baseUrl}/admin` });
    const sameSite = await client.post('/api/settings/lock/acquire', {}, { origin: '', 'sec-fetch-site': 'same-site', referer: `${t.baseUrl}/admin` });
    expect([fetchMetadata.status, refererOnly.status, sameSite.status]).toEqual([200, 200, 403]);
  });
});
