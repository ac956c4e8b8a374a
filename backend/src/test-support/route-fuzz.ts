import fc from 'fast-check';
import { SETTINGS_FIELD_NAMES } from '@punchline/domain';
import type { RouteAccess, RouteMethod } from '../route-access.table';

/**
 * Generated requests for every route of route-access.table.ts (issue 11 point 5): path
 * parameters, query strings, headers and bodies built from what the routes read, spelled the
 * ways hostile clients spell them. Shared by the bounded suite in `npm test` and `npm run fuzz`.
 */
export type Role = 'visitor' | 'member' | 'admin' | 'auditor';

export interface FuzzRequest {
  role: Role;
  method: RouteMethod;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Strings that have broken parsers before: NUL, lone surrogates, traversal, markup, injections, prototype keys. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  '%zz',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '"; DROP TABLE events; --',
  '__proto__',
  'constructor',
  '\\',
  '//evil.example',
  '/.//evil.example',
  '🎭'.repeat(50),
  'a'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '9007199254740993',
  'true',
  'null',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.uuid() },
);

const QUERY_KEYS = ['stage', 'q', 'actor', 'action', 'limit', 'offset', 'cursor', 'before', 'after', 'responded', 'sort', 'order', 'path', 'returnTo', 'prompt', 'kind', 'type', 'from', 'to', 'id', 'code', 'state', 'error', 'nocache', 'sent', 'failed', 'content'];

const BODY_KEYS = [
  ...SETTINGS_FIELD_NAMES,
  'name',
  'from',
  'email',
  'message',
  'website',
  'emails',
  'ttlSeconds',
  'label',
  'snapshotId',
  'versionId',
  'id',
  'path',
  'oldPath',
  'newPath',
  'newName',
  'to',
  'responded',
  'returnTo',
  'updated_at',
  '__proto__',
  'constructor',
];

const leaf: fc.Arbitrary<unknown> = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

/** JSON that looks like what the routes read: known keys with values of every type, nested a little. */
const shapedJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...BODY_KEYS), tie('value'), { maxKeys: 6 }),
  ),
})).value;

const bodyText: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 5, arbitrary: shapedJson.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: hostileString },
  // Truncated, and nested deeper than anything we accept.
  { weight: 1, arbitrary: shapedJson.map((value) => JSON.stringify(value).slice(0, -1)) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
  'application/json; charset=utf-16',
  '',
);

const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.dictionary(fc.constantFrom(...QUERY_KEYS), hostileString, { maxKeys: 4 }).map((query) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) search.append(key, value);
    return search.toString();
  }),
  // Raw spellings URLSearchParams would never write.
  fc.constantFrom('q=%', 'q=%zz', 'limit[]=1&limit[]=2', 'stage=live&stage=draft', '&&==', 'q=%00', 'q=%ED%A0%80', '__proto__[x]=1', 'returnTo=%2F%2Fevil.example'),
);

const extraHeaders = fc.record(
  {
    'if-none-match': fc.constantFrom('"live-0"', '*', 'W/"x"', 'garbage'),
    range: fc.constantFrom('bytes=0-1', 'bytes=-5', 'bytes=9999999999-', 'bytes=5-1', 'bytes=0-1,2-3', 'lines=1-2'),
    'if-range': fc.constantFrom('"x"', 'Wed, 21 Oct 2015 07:28:00 GMT', 'not a date'),
    'if-modified-since': fc.constantFrom('Wed, 21 Oct 2015 07:28:00 GMT', 'yesterday'),
    'x-forwarded-for': fc.constantFrom('198.51.100.7', 'garbage', '::1, 10.0.0.1', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp'),
  },
  { requiredKeys: [] },
);

/** Every UTF-8 byte as %XX: unlike encodeURIComponent, takes lone surrogates too (as U+FFFD). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** A path parameter: usually a plausible id, sometimes anything, percent-encoded or raw. */
const pathParameter: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  hostileString.map((value) => percentEncode(value) || 'x'),
  fc.constantFrom('%', '%E0%A4%A', '..', '%2e%2e', 'a%00b', 'x'.repeat(3000)),
);

export function fuzzRequest(route: RouteAccess, baseUrl: string): fc.Arbitrary<FuzzRequest> {
  const parameters = route.path.match(/:[A-Za-z_]\w*/g) ?? [];
  return fc
    .record({
      role: fc.constantFrom<Role>('visitor', 'member', 'admin', 'auditor'),
      parameters: fc.tuple(...parameters.map(() => pathParameter)),
      query: fc.option(queryString, { nil: undefined }),
      contentType,
      extra: extraHeaders,
      body: route.method === 'GET' ? fc.constant(undefined) : bodyText,
      // Mostly same-origin, so the generated input reaches the route past the CSRF check.
      origin: fc.oneof({ weight: 9, arbitrary: fc.constant(baseUrl) }, { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') }),
    })
    .map(({ role, parameters: values, query, contentType: type, extra, body, origin }) => {
      let path = route.path;
      for (const value of values) path = path.replace(/:[A-Za-z_]\w*/, value);
      const headers: Record<string, string> = { ...extra, origin };
      if (type) headers['content-type'] = type;
      return { role, method: route.method, path: query ? `${path}?${query}` : path, headers, body };
    });
}

/** Text that is a million characters long, for each hostile class a parser may meet (issue 11 point 7). */
export const MILLION_CHARACTER_TEXTS: Record<string, string> = {
  slashes: '/'.repeat(1_000_000),
  spaces: ' '.repeat(1_000_000),
  'angle brackets': '<'.repeat(1_000_000),
  'url(': 'url('.repeat(250_000),
  'link-like': `https://${'a.'.repeat(500_000)}`,
  'percent signs': '%'.repeat(1_000_000),
  'emoji': '🎭'.repeat(500_000),
};
