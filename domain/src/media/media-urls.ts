/**
 * The URL forms a stored media file can take, and the one it is served under: the storage proxy
 * (SPEC §7 `GET /api/storage/proxy?bucket=&path=`). Links written before the proxy existed point
 * straight at the object store or at the storage path of the product this one replaces; they are
 * recognised here so that public pages load them through the proxy and the Media Manager can tell
 * where a file is used.
 */

/** SPEC §9: the only bucket the proxy serves (its name in URLs, whatever the S3 bucket is called). */
export const MEDIA_BUCKET = 'media';
export const MEDIA_PROXY_PATH = '/api/storage/proxy';

export const MEDIA_PATH_MAX_LENGTH = 512;

/**
 * A path the proxy may serve: relative, no '..' anywhere (SPEC §5), no backslashes, control
 * characters or empty segments. Folders ('2024/poster.png') are allowed for objects stored by the
 * product this one replaces.
 */
export function isSafeMediaPath(path: string): boolean {
  if (path === '' || path.length > MEDIA_PATH_MAX_LENGTH) return false;
  if (path.includes('..') || path.includes('\\')) return false;
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.');
}

/** The proxy URL of a stored file, relative to the site: '/api/storage/proxy?bucket=media&path=hero.png'. */
export function mediaProxyUrl(path: string): string {
  return `${MEDIA_PROXY_PATH}?bucket=${MEDIA_BUCKET}&path=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}

export interface MediaUrlOptions {
  /**
   * Origins of this site ('https://punchline.example'): an absolute proxy URL on one of them is
   * the same file as the relative one.
   */
  ownOrigins?: readonly string[];
  /**
   * Base URLs under which the object store serves the media bucket's keys, e.g.
   * 'http://minio:9000/media/' (path style) or 'https://media.s3.eu-west-1.amazonaws.com/'.
   * Amazon S3's own URL forms for a bucket named 'media' are always recognised.
   */
  objectStoreBases?: readonly string[];
}

interface ParsedUrl {
  /** Lower-case 'https:'; '' for a relative URL. */
  protocol: string;
  /** Lower-case host without the port; '' for a relative URL. */
  hostname: string;
  /** 'https://host:port' (lower-case); '' for a relative URL. */
  origin: string;
  /** Still percent-encoded. */
  pathname: string;
  query: string;
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#@]*@)?([^/?#:]*)(:\d+)?([^?#]*)(\?[^#]*)?/i;
const RELATIVE = /^(\/(?!\/)[^?#]*)(\?[^#]*)?/;

/** The parts of an http(s) or site-relative URL ('/x?y'); null for anything else ('#', 'mailto:', '//host'). */
function parseUrl(url: string): ParsedUrl | null {
  const absolute = ABSOLUTE.exec(url);
  if (absolute) {
    const protocol = absolute[1].toLowerCase();
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    const hostname = absolute[3].toLowerCase();
    return { protocol, hostname, origin: `${protocol}//${hostname}${absolute[4] ?? ''}`, pathname: absolute[5] || '/', query: (absolute[6] ?? '').slice(1) };
  }
  const relative = RELATIVE.exec(url);
  return relative ? { protocol: '', hostname: '', origin: '', pathname: relative[1], query: (relative[2] ?? '').slice(1) } : null;
}

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** One query parameter as URLSearchParams reads it ('+' is a space); null when absent or malformed. */
function queryParam(query: string, name: string): string | null {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const key = decode((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    if (key === name) return decode((eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' '));
  }
  return null;
}

function decodePath(raw: string): string | null {
  const path = decode(raw);
  return path !== null && isSafeMediaPath(path) ? path : null;
}

const AWS_VIRTUAL_HOST = /^([a-z0-9][a-z0-9.-]*)\.s3(?:[.-][a-z0-9-]+)?(?:\.dualstack\.[a-z0-9-]+)?\.amazonaws\.com$/;
const AWS_PATH_HOST = /^s3(?:[.-][a-z0-9-]+)?(?:\.dualstack\.[a-z0-9-]+)?\.amazonaws\.com$/;
/** The public object path of the storage service the previous product used: /storage/v1/object/public/<bucket>/<path>. */
const STORAGE_OBJECT_PATH = /^(?:\/[^?#]*)?\/storage\/v1\/object\/(?:public\/|sign\/|authenticated\/)?([^/]+)\/(.+)$/;

function fromObjectStore(u: ParsedUrl, raw: string, options: MediaUrlOptions): string | null {
  for (const base of options.objectStoreBases ?? []) {
    const prefix = base.endsWith('/') ? base : `${base}/`;
    if (raw.toLowerCase().startsWith(prefix.toLowerCase())) return decodePath(raw.slice(prefix.length).split(/[?#]/)[0]);
  }
  const virtual = AWS_VIRTUAL_HOST.exec(u.hostname);
  if (virtual) return virtual[1] === MEDIA_BUCKET ? decodePath(u.pathname.slice(1)) : null;
  if (AWS_PATH_HOST.test(u.hostname)) {
    const [, bucket, ...rest] = u.pathname.split('/');
    return bucket === MEDIA_BUCKET && rest.length > 0 ? decodePath(rest.join('/')) : null;
  }
  return null;
}

/**
 * The media-bucket path a URL refers to, or null when it is not a stored media file: the proxy URL
 * (relative, or absolute on an own origin), the storage service's object path (any origin), or an
 * object-store URL of the media bucket. Only the 'media' bucket counts (SPEC §5).
 */
export function mediaPathOf(url: string, options: MediaUrlOptions = {}): string | null {
  const raw = url.trim();
  const u = parseUrl(raw);
  if (!u) return null;
  const relative = u.origin === '';
  if (u.pathname === MEDIA_PROXY_PATH) {
    const own = relative || (options.ownOrigins ?? []).some((o) => o.replace(/\/+$/, '').toLowerCase() === u.origin);
    if (!own || queryParam(u.query, 'bucket') !== MEDIA_BUCKET) return null;
    const path = queryParam(u.query, 'path') ?? '';
    return isSafeMediaPath(path) ? path : null;
  }
  const storage = STORAGE_OBJECT_PATH.exec(u.pathname);
  if (storage) return storage[1] === MEDIA_BUCKET ? decodePath(storage[2]) : null;
  return relative ? null : fromObjectStore(u, raw, options);
}

/**
 * SPEC §7: media URLs that point at the object store or at the storage path are served through the
 * proxy. Anything else (other sites, YouTube, other buckets, '#') comes back unchanged.
 */
export function toProxyUrl(url: string, options: MediaUrlOptions = {}): string {
  const path = mediaPathOf(url, options);
  if (path === null) return url;
  const proxied = mediaProxyUrl(path);
  // A proxy URL on our own origin already works; leave the author's form alone.
  return parseUrl(url.trim())?.pathname === MEDIA_PROXY_PATH ? url : proxied;
}
