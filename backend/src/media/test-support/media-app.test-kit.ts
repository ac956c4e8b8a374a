import { MEDIA_STREAM, type RecordedEvent } from '@punchline/domain';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import type { DatabaseKind } from '../../test-support/test-database';

/** Helpers shared by the media HTTP suites (test-support/ is left out of the build). */

export type Client = ReturnType<typeof http>;

/** Real file heads: each passes the upload's byte sniffing for its extension. */
export const FIXTURES = {
  // Complete images (the image pipeline decodes them): a 1×1 transparent PNG, a 1×1 GIF, an 8×8 JPEG.
  png: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082', 'hex'),
  gif: Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'),
  jpeg: Buffer.from(
    'ffd8ffdb00430006040506050406060506070706080a100a0a09090a140e0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707070a080a130a0a13281a161a2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828ffc00011080008000803012200021101031101ffc4001500010100000000000000000000000000000005ffc40014100100000000000000000000000000000000ffc4001501010100000000000000000000000000000607ffc40014110100000000000000000000000000000000ffda000c03010002110311003f00b6024054ffd9',
    'hex',
  ),
  mp4: Buffer.concat([Buffer.from('0000001c667479706973366d00000200697336366d70343100000000', 'hex'), Buffer.alloc(4096, 3)]),
  svg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#fc0"/></svg>'),
};

const PIPELINE_EVENTS = ['MediaImageProcessed', 'MediaImageVariantsAdded', 'MediaImageFailed'];

export interface MediaApp {
  app: TestApp;
  admin: Client;
  /** Signed in, not an admin. */
  member: Client;
  visitor: Client;
  adminCookie: string;
  memberCookie: string;
  mediaEvents(): Promise<RecordedEvent[]>;
  pipelineEvents(): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

export async function startMediaApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<MediaApp> {
  const app = await startTestApp({ kind, env });
  const adminCookie = await signIn(app.baseUrl, TEST_ADMIN_EMAIL);
  const memberCookie = await signIn(app.baseUrl, 'member@example.com');
  return {
    app,
    admin: http(app.baseUrl, adminCookie),
    member: http(app.baseUrl, memberCookie),
    visitor: http(app.baseUrl),
    adminCookie,
    memberCookie,
    // The admins' events: the image pipeline records its results on the same stream, in its own time.
    mediaEvents: async () => (await app.runtime.store.readStream(MEDIA_STREAM)).filter((e) => !PIPELINE_EVENTS.includes(e.type)),
    pipelineEvents: async () => (await app.runtime.store.readStream(MEDIA_STREAM)).filter((e) => PIPELINE_EVENTS.includes(e.type)),
    close: () => app.close(),
  };
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  json(): any;
}

/** POST /api/storage/upload as a browser form would send it (multipart, Origin of the site). */
/**
 * POST /api/storage/upload. The fixtures are the same few bytes over and over, so uploads keep
 * duplicates unless `checkDuplicates` (the identical-upload test) asks for the admin's default.
 */
export async function upload(
  m: MediaApp,
  name: string,
  bytes: Buffer,
  options: { cookie?: string | null; field?: string; type?: string; checkDuplicates?: boolean } = {},
): Promise<RawResponse> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([bytes], { type: options.type ?? 'application/octet-stream' }), name);
  const cookie = options.cookie === undefined ? m.adminCookie : options.cookie;
  const query = options.checkDuplicates ? '' : '?duplicate=keep';
  const res = await fetch(`${m.app.baseUrl}/api/storage/upload${query}`, { method: 'POST', body: form, headers: { origin: m.app.baseUrl, ...(cookie ? { cookie } : {}) } });
  return raw(res);
}

/** A GET that keeps the body as bytes (the proxy). */
export async function getRaw(m: MediaApp, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return raw(await fetch(`${m.app.baseUrl}${path}`, { headers }));
}

async function raw(res: Response): Promise<RawResponse> {
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) };
}

/** Uploads and returns the stored file's proxy URL, expecting success. */
export async function uploaded(m: MediaApp, name: string, bytes: Buffer): Promise<{ url: string; path: string }> {
  const res = await upload(m, name, bytes);
  expect(res.status).toBe(201);
  const body = res.json();
  return { url: body.url, path: body.item.path };
}

/** Acquires the lock, saves `patch` into the draft (the whole record, as the editor does), releases it. */
export async function saveDraft(client: Client, patch: Record<string, unknown>): Promise<void> {
  expect((await client.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
  const draft = await client.get('/api/settings?stage=draft');
  expect((await client.put('/api/settings?stage=draft', { ...draft.body, ...patch })).status).toBe(200);
  expect((await client.post('/api/settings/lock/release', {})).status).toBe(200);
}
