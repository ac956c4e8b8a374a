/**
 * The one way the front end calls the API (SPEC §7): credentials included, JSON both ways, and a
 * result that never throws. A server `error` field wins; otherwise callers choose their SPEC §8
 * text, with 'Request failed: {status}' as the generic default. Status 0 means the network failed.
 */
export interface ApiResult<T = unknown> {
  ok: boolean;
  status: number;
  body: T | null;
  /** The server's `{error}` text when it sent one. */
  error: string | null;
  /** The whole parsed body of a failed answer (a 409 may say more than its text: where a file is used); null when ok. */
  errorBody: unknown;
}

export function requestFailedText(status: number): string {
  return `Request failed: ${status}`;
}

/** Text for a failed call: the server's error, else `fallback`, else 'Request failed: {status}'. */
export function errorText(result: Pick<ApiResult, 'status' | 'error'>, fallback?: string): string {
  return result.error ?? fallback ?? requestFailedText(result.status);
}

type DeniedListener = (path: string) => void;

const deniedListeners = new Set<DeniedListener>();

/**
 * Calls `listener` with the path of every call the server answers 403 (not the sign-in calls of
 * /api/auth/, which say who is signed in rather than refuse). The admin gate asks /api/auth/me again
 * then: an admin taken off the allowlist meanwhile is refused by every admin route and must see the
 * sign-in prompt, not a shell of red 'Admin access required.' texts. Answers the unsubscribe.
 */
export function onAccessDenied(listener: DeniedListener): () => void {
  deniedListeners.add(listener);
  return () => deniedListeners.delete(listener);
}

function noteStatus(path: string, status: number): void {
  if (status !== 403 || path.startsWith('/api/auth/')) return;
  for (const listener of deniedListeners) listener(path);
}

function errorOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown, init: { signal?: AbortSignal; keepalive?: boolean } = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { ok: false, status: 0, body: null, error: null, errorBody: null };
  }
  noteStatus(path, response.status);
  let parsed: unknown = null;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return response.ok
    ? { ok: true, status: response.status, body: parsed as T, error: null, errorBody: null }
    : { ok: false, status: response.status, body: null, error: errorOf(parsed), errorBody: parsed };
}

/** A file to save (the inbox's CSV): the bytes and the name the server gave; status 0 when the network failed. */
export interface Download {
  ok: boolean;
  status: number;
  blob: Blob | null;
  /** Content-Disposition, for the file name. */
  disposition: string | null;
}

export async function apiDownload(path: string): Promise<Download> {
  try {
    const response = await fetch(path, { credentials: 'include' });
    noteStatus(path, response.status);
    if (!response.ok) return { ok: false, status: response.status, blob: null, disposition: null };
    return { ok: true, status: response.status, blob: await response.blob(), disposition: response.headers.get('content-disposition') };
  } catch {
    return { ok: false, status: 0, blob: null, disposition: null };
  }
}
export const api = {
  get: <T = unknown>(path: string, init?: { signal?: AbortSignal }) => apiRequest<T>('GET', path, undefined, init),
  post: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  patch: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T = unknown>(path: string) => apiRequest<T>('DELETE', path),
};
