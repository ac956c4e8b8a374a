import type { RecordedEvent } from '@punchline/domain';
import { type TestApp, http, signIn, startTestApp } from '../../test-support/test-app';
import type { DatabaseKind } from '../../test-support/test-database';

/** Helpers shared by the contact inbox suites (test-support/ is left out of the build). */

export const ADMIN_A = 'a@example.com';
export const ADMIN_B = 'b@example.com';
export const MEMBER = 'member@example.com';

export type Client = ReturnType<typeof http>;

export interface ContactApp {
  app: TestApp;
  /** Two admins from ADMIN_EMAILS, each with a session of their own. */
  a: Client;
  b: Client;
  /** Session cookies of a and b (sessions live in the database: any instance on it honours them). */
  cookies: { a: string; b: string };
  /** Signed in, not an admin. */
  member: Client;
  /** No session. */
  visitor: Client;
  /** Sends the public contact form as a new client address (the form's rate limit is per address); answers the message id. */
  send(message: { name: string; from: string; message: string }): Promise<string>;
  events(type?: string): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

let clientNumber = 0;

export async function sendContact(baseUrl: string, message: { name: string; from: string; message: string }): Promise<void> {
  clientNumber += 1;
  const res = await http(baseUrl).post('/api/contact', message, { 'x-forwarded-for': `198.51.100.${clientNumber % 250}` });
  if (res.status !== 200) throw new Error(`POST /api/contact answered ${res.status}: ${JSON.stringify(res.body)}`);
}

export async function startContactApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<ContactApp> {
  const app = await startTestApp({ kind, env: { ADMIN_EMAILS: `${ADMIN_A},${ADMIN_B}`, ...env } });
  const events = async (type?: string) => (await app.runtime.store.readAll({ fromPosition: 0, limit: 100_000 })).filter((e) => type === undefined || e.type === type);
  const cookies = { a: await signIn(app.baseUrl, ADMIN_A, 'Ana Admin'), b: await signIn(app.baseUrl, ADMIN_B, 'Bo Admin') };
  return {
    app,
    a: http(app.baseUrl, cookies.a),
    b: http(app.baseUrl, cookies.b),
    cookies,
    member: http(app.baseUrl, await signIn(app.baseUrl, MEMBER, 'Mona Member')),
    visitor: http(app.baseUrl),
    async send(message) {
      const before = new Set((await events('ContactMessageReceived')).map((e) => e.eventId));
      await sendContact(app.baseUrl, message);
      const received = (await events('ContactMessageReceived')).find((e) => !before.has(e.eventId));
      if (!received) throw new Error('the message was not recorded');
      await app.runtime.projector.waitFor(received.globalPosition, 5_000);
      return (received.data as { messageId: string }).messageId;
    },
    events,
    close: () => app.close(),
  };
}

/** Polls until `probe` answers something other than undefined, or fails after `ms`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, ms = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** RFC 4180 reading (quoted fields, doubled quotes, CRLF records) of what the export writes; the BOM is dropped. */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && input[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error('CSV does not end with CRLF');
  const [header, ...rows] = records;
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}
