export const DEFAULT_RETURN_TO = '/admin';

/**
 * Where the browser may land after sign-in: a same-origin path only. Absolute URLs,
 * protocol-relative '//host', backslash tricks and control characters all fall back to /admin.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_RETURN_TO;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_RETURN_TO;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_RETURN_TO;
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (url.origin !== base) return DEFAULT_RETURN_TO;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Normalising can make a path protocol-relative ('/.//evil.example' → '//evil.example'): check
  // what will actually be sent, not only what came in.
  return target.startsWith('//') || target.startsWith('/\\') ? DEFAULT_RETURN_TO : target;
}
