import { randomUUID } from 'node:crypto';
import { CONTACT_TEXTS, type RecordedEvent } from '@punchline/domain';
import { type TestApp, http, startTestApp } from '../../test-support/test-app';
import { CONTACT_RATE_LIMIT } from './contact-rate-limit.middleware';

type Client = ReturnType<typeof http>;

/** A distinct client address per request (the app trusts X-Forwarded-For from its loopback proxy), so the rate limit stays out of the way. */
let clientNumber = 0;
const asNewClient = () => ({ 'x-forwarded-for': `203.0.113.${(clientNumber += 1)}` });

const valid = { name: 'Ada Lovelace', from: 'ada@example.com', message: 'Could you play our office party?' };

async function contactEvents(app: TestApp): Promise<RecordedEvent[]> {
  return (await app.runtime.store.readAll({ fromPosition: 0, limit: 10_000 })).filter((e) => e.type === 'ContactMessageReceived');
}

describe('POST /api/contact', () => {
  let app: TestApp;
  let visitor: Client;

  beforeAll(async () => {
    app = await startTestApp();
    visitor = http(app.baseUrl);
  });
  afterAll(() => app?.close());

  it('records a valid message as ContactMessageReceived on a stream of its own', async () => {
    const correlationId = randomUUID();
    const res = await visitor.post('/api/contact', { ...valid, name: '  Ada  Lovelace ' }, { 'x-correlation-id': correlationId, ...asNewClient() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [event] = await contactEvents(app);
    // The log keeps references and a salted digest, never the words (DESIGN §16).
    expect(event.data).toEqual({ messageId: expect.any(String), subjectId: expect.any(String), personal: { recordId: expect.any(String), digest: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(JSON.stringify(event)).not.toMatch(/Ada|ada@example|office party/);
    expect(event.streamId).toBe(`contact-${(event.data as { messageId: string }).messageId}`);
    expect(event.streamRevision).toBe(0);
    expect(event.metadata).toEqual({ actorEmail: null, correlationId, causationId: null, occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it.each([
    ['no name', { ...valid, name: '' }, CONTACT_TEXTS.nameRequired],
    ['no email', { ...valid, from: '' }, CONTACT_TEXTS.emailRequired],
    ['a blank message', { ...valid, message: '   ' }, CONTACT_TEXTS.messageRequired],
    ['a malformed email', { ...valid, from: 'not-an-email' }, CONTACT_TEXTS.emailInvalid],
    ['a 201-character name', { ...valid, name: 'n'.repeat(201) }, CONTACT_TEXTS.nameTooLong],
    ['a 322-character email', { ...valid, from: `${'a'.repeat(310)}@example.com` }, CONTACT_TEXTS.emailTooLong],
    ['a 5,001-character message', { ...valid, message: 'm'.repeat(5001) }, CONTACT_TEXTS.messageTooLong],
    ['fields of the wrong type', { name: 42, from: ['x'], message: { a: 1 } }, CONTACT_TEXTS.nameRequired],
    ['an array', [valid], CONTACT_TEXTS.notAnObject],
  ])('answers 400 with a message for %s', async (_label, body, error) => {
    const before = (await contactEvents(app)).length;
    const res = await visitor.post('/api/contact', body, asNewClient());
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect((await contactEvents(app)).length).toBe(before);
  });

  it('sends a form posted without JavaScript back to the form\'s failure text when the message cannot be stored, not to a JSON page', async () => {
    const post = (body: Record<string, string>) =>
      fetch(`${app.baseUrl}/api/contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: app.baseUrl, 'content-type': 'application/x-www-form-urlencoded', ...asNewClient() },
        body: new URLSearchParams(body).toString(),
      });
    const before = (await contactEvents(app)).length;
    // What PostgreSQL (and PGlite) raise when the disk is full, then the database away, then a bug.
    const diskFull = Object.assign(new Error('could not extend file "base/5/16620": No space left on device'), { code: '53100' });
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const append = jest.spyOn(app.runtime.store, 'append');
    try {
      for (const error of [diskFull, away]) {
        append.mockRejectedValueOnce(error);
        const res = await post(valid);
        expect({ status: res.status, location: res.headers.get('location') }).toEqual({ status: 303, location: '/contact?failed=1#contact-form' });
      }
      // The same conditions keep their JSON answers for the form with JavaScript.
      append.mockRejectedValueOnce(diskFull);
      expect((await visitor.post('/api/contact', valid, asNewClient())).status).toBe(507);
      append.mockRejectedValueOnce(new Error('a bug'));
      expect((await post(valid)).status).toBe(500);
    } finally {
      append.mockRestore();
    }
    expect((await contactEvents(app)).length).toBe(before);
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const broken = await fetch(`${app.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { origin: app.baseUrl, 'content-type': 'application/json', ...asNewClient() },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(typeof (await broken.json()).error).toBe('string');
  });
});

describe('POST /api/contact against bots and floods', () => {
  let app: TestApp;
  let visitor: Client;

  beforeAll(async () => {
    app = await startTestApp();
    visitor = http(app.baseUrl);
  });
  afterAll(() => app?.close());

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const res = await visitor.post('/api/contact', { ...valid, website: 'https://spam.example' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await contactEvents(app)).toEqual([]);
  });

  it('takes a form posted without JavaScript and sends the browser back to the contact page', async () => {
    const post = (body: string) =>
      fetch(`${app.baseUrl}/api/contact`, { method: 'POST', redirect: 'manual', headers: { origin: app.baseUrl, 'content-type': 'application/x-www-form-urlencoded' }, body });
    const sent = await post(new URLSearchParams({ ...valid, website: '' }).toString());
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/contact?sent=1#contact-form');
    expect((await contactEvents(app)).map((e) => typeof (e.data as { subjectId: string }).subjectId)).toEqual(['string']);
    const failed = await post(new URLSearchParams({ name: 'Ada', from: 'nope', message: 'hi' }).toString());
    expect(failed.headers.get('location')).toBe('/contact?failed=1#contact-form');
  });

  it(`limits each client to ${CONTACT_RATE_LIMIT.limit} messages per window with 429`, async () => {
    // Two requests of this suite already counted against this client.
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i += 1) statuses.push((await visitor.post('/api/contact', valid)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const limited = await visitor.post('/api/contact', valid);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: CONTACT_TEXTS.rateLimited });
    expect(limited.headers.get('ratelimit-policy')).toContain(`q=${CONTACT_RATE_LIMIT.limit}`);
  });
});
