/**
 * The request log's view of a request (pino-http `req` serializer) without query values: a search
 * word, a subject-access address or an export filter can be personal data (DESIGN §16), and logs are
 * kept and shipped where an erasure cannot reach. Keys stay, so the log still says what was asked.
 */
export function redactedRequest(req: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...req };
  if (typeof out.url === 'string') out.url = redactUrl(out.url);
  if (out.query && typeof out.query === 'object') out.query = Object.fromEntries(Object.keys(out.query).map((key) => [key, '[redacted]']));
  return out;
}

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const keys = [...new Set([...params.keys()])];
  return `${url.slice(0, at)}?${keys.map((key) => `${encodeURIComponent(key)}=[redacted]`).join('&')}`;
}
