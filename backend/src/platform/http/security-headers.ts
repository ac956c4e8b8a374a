import { createHash } from 'node:crypto';

/**
 * The security headers of every HTML answer (DESIGN §14), in one place for the front door's
 * prepared pages and for the few documents Express sends (the development sign-in page).
 *
 * Scripts: only our own files, plus the exact inline scripts a document carries, by hash. The
 * hydration data is `type="application/json"`, which the browser never executes, so today the
 * hash list is empty; hashing whatever inline script a page has keeps a future one working
 * without ever allowing 'unsafe-inline'. Styles stay 'unsafe-inline': React writes style
 * attributes and the theme's colours, and CSS cannot run script.
 */
const FIXED_DIRECTIVES = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Images and videos may be linked from anywhere (SPEC §5: a URL or a file of the library; a
  // Google avatar). They are passive content: on an HTTPS site the browser upgrades http ones.
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The only embeds the media page renders (video-source.ts): privacy-enhanced YouTube and Vimeo.
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** Powerful features no page of ours uses; refusing them also refuses them to anything embedded. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';

/** Two years, subdomains included: the production site is HTTPS only (DESIGN §14). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * What every answer carries, whoever writes it (issue 24 point 7): no sniffing into another type,
 * HTTPS only in production. Express sets them in create-app; the front door sets them before it
 * answers, so its redirects, 304s and 503s carry them as well as its prepared pages.
 */
export function baseSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(production ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

// An executable inline script: no src, and no data type (JSON, JSON-LD) the browser would not run.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;
const HAS_SRC = /\bsrc\s*=/i;

/** 'sha256-…' sources for each executable inline script of a document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [`script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`, ...FIXED_DIRECTIVES].join('; ');
}

/** The headers an HTML document carries: CSP for its own inline scripts, Permissions-Policy, HSTS in production. */
export function htmlSecurityHeaders(html: string, production: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inlineScriptHashes(html)),
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
    ...(production ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}
