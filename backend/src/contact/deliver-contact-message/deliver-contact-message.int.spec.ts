import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ContactDeliveryRecordedData, RecordedEvent } from '@punchline/domain';
import { allProjections, replay, type Database } from '@punchline/projections';
import { loadConfig } from '../../platform/config/config';
import { createApp } from '../../platform/http/create-app';
import { openRuntime, type Runtime } from '../../platform/runtime';
import { publish } from '../../site/test-support/site-publishing';
import { freePort } from '../../test-support/test-app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test-support/test-database';
import { ContactResponsesReadService } from '../contact-responses.read';
import { ContactStreams } from '../contact-streams';
import { type ContactApp, eventually, sendContact, startContactApp } from '../test-support/contact-app.test-kit';
import { type LoopbackSmtp, startLoopbackSmtp } from '../test-support/smtp-server.test-kit';
import { ContactDeliveryReactor } from './contact-delivery.reactor';

const ada = { name: 'Ada Lovelace', from: 'ada@example.com', message: 'Can you play our festival?\nWe have a big tent.' };

/** The one ContactDeliveryRecorded of a message, once it is there. */
async function deliveryOf(s: ContactApp, messageId: string): Promise<RecordedEvent<string, ContactDeliveryRecordedData>> {
  const recorded = await eventually(
    async () => (await s.events('ContactDeliveryRecorded')).find((e) => e.streamId === `contact-${messageId}`),
    15_000,
    `the delivery of ${messageId}`,
  );
  return recorded as RecordedEvent<string, ContactDeliveryRecordedData>;
}

async function inboxItem(s: ContactApp, messageId: string): Promise<Record<string, unknown>> {
  const res = await s.a.get('/api/admin/contact-responses?limit=500');
  return res.body.items.find((i: { id: string }) => i.id === messageId);
}

describe.each(databaseKinds())('contact delivery by SMTP on %s', (kind) => {
  let smtp: LoopbackSmtp;
  let s: ContactApp;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    s = await startContactApp(kind, { SMTP_URL: smtp.url, CONTACT_TO: 'crew@punchline.example' });
    const reactor = s.app.app.get(ContactDeliveryReactor);
    // Real waits are 5 s and 30 s; the rule (how many, which failures) is what is under test.
    reactor.retryDelaysMs = [50];
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });
  beforeEach(() => smtp.reset());

  it('sends the message to CONTACT_TO as plain text, Reply-To the visitor, and records it sent', async () => {
    const id = await s.send(ada);
    const delivery = await deliveryOf(s, id);
    expect(delivery.data).toEqual({ messageId: id, status: 'sent', error: null, to: 'crew@punchline.example', attempts: 1 });
    expect(delivery.metadata.actorEmail).toBeNull();
    const received = (await s.events('ContactMessageReceived')).find((e) => e.streamId === `contact-${id}`)!;
    expect(delivery.metadata).toMatchObject({ correlationId: received.metadata.correlationId, causationId: received.eventId });

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.envelopeTo).toEqual(['crew@punchline.example']);
    expect(mail.envelopeFrom).toBe('crew@punchline.example');
    expect(mail.headers.to).toBe('crew@punchline.example');
    expect(mail.headers.from).toBe('Punchline contact form <crew@punchline.example>');
    expect(mail.headers['reply-to']).toBe('Ada Lovelace <ada@example.com>');
    expect(mail.headers.subject).toBe('[Punchline] Contact form message from Ada Lovelace');
    expect(mail.headers['message-id']).toBe(`<contact-${id}@127.0.0.1>`);
    expect(mail.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(mail.text).toContain('Name: Ada Lovelace\nEmail: ada@example.com\nReceived: ');
    expect(mail.text).toContain('\n\nCan you play our festival?\nWe have a big tent.\n\n-- \n');
    expect(mail.text).toContain(`Sent through the contact form at ${s.app.baseUrl}/contact.`);

    const item = await eventually(async () => {
      const row = await inboxItem(s, id);
      return row.delivery_status === 'sent' ? row : undefined;
    });
    expect(item).toMatchObject({ delivery_status: 'sent', delivery_error: null });
  });

  it('keeps a name full of address syntax inside the Reply-To display name', async () => {
    const id = await s.send({ ...ada, name: 'O\'Brien, "Jr." <boss@evil.example>' });
    expect((await deliveryOf(s, id)).data.status).toBe('sent');
    const mail = smtp.mails[0]!;
    expect(mail.envelopeTo).toEqual(['crew@punchline.example']);
    expect(mail.headers['reply-to']).toBe('"O\'Brien, \\"Jr.\\" <boss@evil.example>" <ada@example.com>');
    expect(mail.headers.cc).toBeUndefined();
  });

  it('records failed with the server’s words when it refuses (5xx), without retrying', async () => {
    smtp.behave(() => ({ code: 550, message: 'No such mailbox here' }));
    const id = await s.send({ ...ada, name: 'Bob' });
    const delivery = await deliveryOf(s, id);
    expect(delivery.data).toMatchObject({ status: 'failed', to: 'crew@punchline.example', attempts: 1 });
    expect(delivery.data.error).toContain('550 No such mailbox here');
    expect(smtp.attempts()).toBe(1);
    expect(smtp.mails).toEqual([]);
    const item = await eventually(async () => {
      const row = await inboxItem(s, id);
      return row.delivery_status === 'failed' ? row : undefined;
    });
    expect(item.delivery_error).toContain('No such mailbox here');
  });

  it('retries a temporary refusal (4xx) and records sent with the attempts it took', async () => {
    smtp.behave((attempt) => (attempt === 1 ? { code: 451, message: 'Try again later' } : null));
    const id = await s.send({ ...ada, name: 'Cy' });
    expect((await deliveryOf(s, id)).data).toMatchObject({ status: 'sent', error: null, attempts: 2 });
    expect(smtp.mails).toHaveLength(1);
  });

  it('gives up after three attempts and records failed with the last error', async () => {
    smtp.behave(() => ({ code: 421, message: 'Service not available' }));
    const id = await s.send({ ...ada, name: 'Di' });
    const delivery = await deliveryOf(s, id);
    expect(delivery.data).toMatchObject({ status: 'failed', attempts: 3 });
    expect(delivery.data.error).toContain('Service not available');
    expect(smtp.attempts()).toBe(3);
  });

  it('never makes the visitor wait for SMTP: the POST answers while the server is still thinking', async () => {
    smtp.behave(() => null, { delayMs: 1_500 });
    const started = Date.now();
    await sendContact(s.app.baseUrl, { ...ada, name: 'Ed' });
    expect(Date.now() - started).toBeLessThan(1_000);
    const id = ((await s.events('ContactMessageReceived')).at(-1)!.data as { messageId: string }).messageId;
    expect(((await inboxItem(s, id)) ?? { delivery_status: 'pending' }).delivery_status).toBe('pending');
    expect((await deliveryOf(s, id)).data.status).toBe('sent');
  });

  it('rebuilds rm.contact_responses from the log to equal tables, whatever the batch size', async () => {
    const [first, second] = (await s.a.get('/api/admin/contact-responses?sort=oldest&limit=2')).body.items as { id: string }[];
    expect((await s.a.patch(`/api/admin/contact-responses/${first!.id}`, { responded: true, notes: 'Booked' })).status).toBe(200);
    expect((await s.b.patch(`/api/admin/contact-responses/${second!.id}`, { notes: 'Waiting on dates' })).status).toBe(200);
    expect((await s.b.patch(`/api/admin/contact-responses/${first!.id}`, { responded: false })).status).toBe(200);
    await s.app.runtime.projector.waitFor(await s.app.runtime.store.headPosition(), 5_000);
    for (const batchSize of [1, 3, 5_000]) {
      const result = await replay({ db: s.app.db, store: s.app.runtime.store, projections: allProjections(), batchSize });
      expect(result.tables.filter((t) => t.projection === 'contact_responses' || t.projection === 'audit').map((t) => [t.name, t.equal])).toEqual([
        ['audit_log', true],
        ['contact_responses', true],
      ]);
    }
  });
});

describe.each(databaseKinds())('contact delivery without CONTACT_TO or SMTP_URL on %s', (kind) => {
  let smtp: LoopbackSmtp;
  let s: ContactApp;
  let noSmtp: ContactApp;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    s = await startContactApp(kind, { SMTP_URL: smtp.url });
    noSmtp = await startContactApp(kind);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await noSmtp?.close();
    await smtp?.close();
  });

  it('records skipped when no SMTP_URL is set', async () => {
    const id = await noSmtp.send(ada);
    expect((await deliveryOf(noSmtp, id)).data).toEqual({ messageId: id, status: 'skipped', error: 'Email delivery is not set up: messages are kept here.', to: null, attempts: 0 });
  });

  it('records skipped when there is nobody to send to', async () => {
    const id = await s.send(ada);
    expect((await deliveryOf(s, id)).data).toMatchObject({
      status: 'skipped',
      error: 'Nobody to email it to: set the contact email under Page Configurations → Contact.',
      to: null,
    });
    expect(smtp.mails).toEqual([]);
  });

  it('sends to the live contact email, written as a mailto: link, with the live site title', async () => {
    await publish(s.a, { contactemail: 'mailto:bookings@laughs.example?subject=Hi', site_title: 'The Laugh Shop' });
    const id = await s.send(ada);
    expect((await deliveryOf(s, id)).data).toMatchObject({ status: 'sent', to: 'bookings@laughs.example' });
    expect(smtp.mails.map((m) => [m.envelopeTo, m.headers.from, m.headers.subject])).toEqual([
      [['bookings@laughs.example'], 'The Laugh Shop contact form <bookings@laughs.example>', '[The Laugh Shop] Contact form message from Ada Lovelace'],
    ]);
  });
});

/**
 * Exactly once across restarts: the app is stopped after a delivery whose projection "did not make
 * it" (the read model still says pending, as after a crash between the append and the projector),
 * and a new process on the same database must decide from the stream and send nothing.
 */
describe.each(databaseKinds())('contact delivery across a restart on %s', (kind) => {
  let smtp: LoopbackSmtp;
  let database: TestDatabase;
  // Instances on one database share its media storage (DESIGN §18: another folder is refused).
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    database = await createTestDatabase(kind);
    dataDir = mkdtempSync(join(tmpdir(), 'punchline-delivery-'));
  });
  afterAll(async () => {
    await database?.drop();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function startInstance(db: Database, beforeListen: (app: NestExpressApplication) => void = () => undefined) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'silent',
      SMTP_URL: smtp.url,
      CONTACT_TO: 'crew@punchline.example',
    });
    const runtime: Runtime = await openRuntime(config, { db });
    const app = await createApp(runtime, { logger: false });
    beforeListen(app);
    await app.listen(port, '127.0.0.1');
    return {
      baseUrl,
      runtime,
      app,
      async close() {
        await app.close();
        await runtime.close();
      },
    };
  }

  it('a restarted app sends nothing for a message whose delivery is already on its stream', async () => {
    const first = await startInstance(database.db);
    await sendContact(first.baseUrl, ada);
    const deliveries = async () => (await first.runtime.store.readAll({ fromPosition: 0, limit: 1000 })).filter((e) => e.type === 'ContactDeliveryRecorded');
    const [delivery] = await eventually(async () => ((await deliveries()).length === 1 ? await deliveries() : undefined));
    const messageId = (delivery!.data as ContactDeliveryRecordedData).messageId;
    await first.runtime.projector.waitFor(delivery!.globalPosition, 5_000);
    await first.close();
    expect(smtp.mails).toHaveLength(1);

    await database.db.query(`UPDATE rm.contact_responses SET delivery_status = 'pending', delivery_error = NULL WHERE id = $1`, [messageId]);
    let sawStream!: () => void;
    const streamRead = new Promise<void>((resolve) => (sawStream = resolve));
    const second = await startInstance(database.db, (app) => {
      const streams = app.get(ContactStreams);
      const history = streams.history.bind(streams);
      jest.spyOn(streams, 'history').mockImplementation(async (id) => {
        const events = await history(id);
        if (id === messageId) sawStream();
        return events;
      });
    });
    try {
      await streamRead;
      // The pass that read the stream has finished once the next one asks for work.
      const reads = second.app.get(ContactResponsesReadService);
      const nextPass = new Promise<void>((resolve) => {
        const pending = reads.pendingDeliveries.bind(reads);
        jest.spyOn(reads, 'pendingDeliveries').mockImplementation((limit, except) => {
          resolve();
          return pending(limit, except);
        });
      });
      second.app.get(ContactDeliveryReactor).wake();
      await nextPass;
      expect(smtp.mails).toHaveLength(1);
      const after = (await second.runtime.store.readAll({ fromPosition: 0, limit: 1000 })).filter((e) => e.type === 'ContactDeliveryRecorded');
      expect(after).toHaveLength(1);
    } finally {
      jest.restoreAllMocks();
      await second.close();
    }
  });
});
