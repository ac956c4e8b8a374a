/**
 * What a GET asks the site for, decided from the raw URL alone (no Express parsing on the hot
 * path). Public page paths come from the built front end's page list.
 */
export type SiteRequest =
  /** `at`: an admin's view of live as it was right after that point of history (DESIGN §13); null otherwise. */
  | { kind: 'page'; path: string; variant: PageVariant; draft: boolean; at: number | null }
  | { kind: 'admin' }
  | { kind: 'sitemap' }
  | { kind: 'robots' }
  /** `GET /api/settings` or `?stage=live`: the live answer, the same for everyone. */
  | { kind: 'liveSettings' }
  /** A hashed build file under /assets/ (served compressed from memory when it can be). */
  | { kind: 'asset'; path: string }
  /** Other API calls and other files of the client build: not ours to answer. */
  | { kind: 'pass' }
  | { kind: 'unknown'; draft: boolean };

/** The contact page also has the outcome of a form posted without JavaScript. */
export type PageVariant = 'default' | 'sent' | 'failed';

export function classifySiteRequest(url: string, pagePaths: ReadonlySet<string>, clientFiles: ReadonlySet<string>): SiteRequest {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  if (rawPath === '/api/settings' && (query === '' || query === 'stage=live')) return { kind: 'liveSettings' };
  if (rawPath === '/api' || rawPath.startsWith('/api/')) return { kind: 'pass' };
  if (rawPath.startsWith('/assets/')) return { kind: 'asset', path: rawPath.slice('/assets'.length) };
  const path = rawPath.length > 1 ? withoutTrailingSlashes(rawPath) : rawPath;
  const params = query === '' ? null : new URLSearchParams(query);
  const draft = params?.get('stage') === 'draft';
  if (pagePaths.has(path)) {
    const variant: PageVariant = path === '/contact' && params ? (params.has('sent') ? 'sent' : params.has('failed') ? 'failed' : 'default') : 'default';
    const atText = params?.get('at') ?? null;
    const at = atText !== null && /^\d{1,15}$/.test(atText) ? Number(atText) : null;
    return { kind: 'page', path, variant, draft, at };
  }
  if (path === '/admin' || path.startsWith('/admin/')) return { kind: 'admin' };
  if (path === '/sitemap.xml') return { kind: 'sitemap' };
  if (path === '/robots.txt') return { kind: 'robots' };
  // The calendar feed (issue 14) is a controller of its own.
  if (path === '/events.ics') return { kind: 'pass' };
  if (clientFiles.has(rawPath)) return { kind: 'pass' };
  return { kind: 'unknown', draft };
}

/**
 * '/events///' → '/events', '///' → '/'. A loop, not /\/+$/: that regex is quadratic on a path of
 * many slashes followed by a letter (16,000 slashes held the event loop for most of a second).
 */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return end === 1 && path.charCodeAt(0) === 0x2f ? '/' : path.slice(0, end);
}
