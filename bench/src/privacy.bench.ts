import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { canonicalJson } from '@punchline/domain';
import { migrate } from '@punchline/backend/dist/platform/database/migrations';
import { postgresStoreMigrations } from '@punchline/backend/dist/platform/event-store/postgres-event-store';
import { eventHashFromCanonical } from '@punchline/projections';
import { privacyStoreMigration } from '@punchline/backend/dist/privacy/privacy-store.migration';
import { sealPersonalData } from '@punchline/backend/dist/privacy/personal-data-seal';
import { PrivacyStore } from '@punchline/backend/dist/privacy/privacy-store';
import { devSignIn, projectorCaughtUp, startApp } from './app-process';
import { fmt, freshDatabase, type Section, timedRequests } from './support';

const MESSAGES = Number(process.env.PRIVACY_MESSAGES ?? 100_000);
const PER_PERSON = 4;
const ROUNDS = 200;
const ADMIN = 'bench-admin@punchline.test';
const BATCH = 2000;

const email = (person: number) => `person-${person}@bench.example`;

/**
 * 100,000 contact messages (25,000 senders, 4 each) written as the app writes them: words sealed in
 * the privacy store under each sender's key, ContactMessageReceived with references in the chain.
 * Written in bulk (the chain computed here, as the store computes it) so seeding takes seconds.
 */
async function seed(db: Awaited<ReturnType<typeof freshDatabase>>['db']): Promise<void> {
  const store = new PrivacyStore(db);
  const t0 = Date.now() - MESSAGES * 60_000;
  let prev = '';
  for (let start = 0; start < MESSAGES; start += BATCH) {
    const subjects: { id: string; lookup: Buffer; key: Buffer }[] = [];
    const records: { id: string; subject: string; message: string; sealed: Buffer }[] = [];
    const events: { position: number; stream: string; id: string; data: string; metadata: string; prev: string; hash: string }[] = [];
    let key: Buffer = randomBytes(32);
    let subject = '';
    for (let n = start; n < Math.min(MESSAGES, start + BATCH); n += 1) {
      const person = Math.floor(n / PER_PERSON);
      if (n % PER_PERSON === 0) {
        subject = randomUUID();
        key = randomBytes(32);
        subjects.push({ id: subject, lookup: await store.emailLookup(email(person)), key });
      }
      const messageId = randomUUID();
      const recordId = randomUUID();
      const sealed = sealPersonalData(key, recordId, { name: `Person ${person}`, email: email(person), message: `Message ${n} about a booking for our club night, with a few sentences of detail.` });
      records.push({ id: recordId, subject, message: messageId, sealed: sealed.sealed });
      const position = n + 1;
      const eventId = randomUUID();
      const stream = `contact-${messageId}`;
      const data = canonicalJson({ messageId, subjectId: subject, personal: { recordId, digest: sealed.digest } });
      const metadata = canonicalJson({ actorEmail: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date(t0 + n * 60_000).toISOString() });
      const hash = eventHashFromCanonical(prev, { eventId, globalPosition: position, schemaVersion: 1, streamId: stream, streamRevision: 0, type: 'ContactMessageReceived' }, data, metadata);
      events.push({ position, stream, id: eventId, data, metadata, prev, hash });
      prev = hash;
    }
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO privacy.subjects (subject_id, email_lookup) SELECT * FROM unnest($1::uuid[], $2::bytea[])', [subjects.map((s) => s.id), subjects.map((s) => s.lookup)]);
      await tx.query('INSERT INTO privacy.subject_keys (subject_id, key) SELECT * FROM unnest($1::uuid[], $2::bytea[])', [subjects.map((s) => s.id), subjects.map((s) => s.key)]);
      await tx.query(`INSERT INTO privacy.records (record_id, subject_id, message_id, kind, sealed) SELECT r, s, m, 'message', b FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::bytea[]) AS x(r, s, m, b)`, [
        records.map((r) => r.id),
        records.map((r) => r.subject),
        records.map((r) => r.message),
        records.map((r) => r.sealed),
      ]);
      await tx.query(
        `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
         SELECT p, s, 0, i, 'ContactMessageReceived', 1, d::json, m::json, ph, h FROM unnest($1::bigint[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(p, s, i, d, m, ph, h)`,
        [events.map((e) => e.position), events.map((e) => e.stream), events.map((e) => e.id), events.map((e) => e.data), events.map((e) => e.metadata), events.map((e) => e.prev), events.map((e) => e.hash)],
      );
      await tx.query('INSERT INTO es.streams (stream_id, revision) SELECT s, 0 FROM unnest($1::text[]) AS x(s)', [events.map((e) => e.stream)]);
    });
  }
}

function timed(rounds: number, request: (i: number) => Promise<Response>, check: (body: string) => boolean): Promise<{ p50: number; p99: number }> {
  return timedRequests(rounds, request, (res, body) => res.ok && check(body));
}

export async function privacyBench(): Promise<Section> {
  const { db, url, drop } = await freshDatabase(4);
  const metrics: Section['metrics'] = [];
  const notes: string[] = [];
  try {
    await migrate(db, [...postgresStoreMigrations, privacyStoreMigration]);
    const seedStarted = performance.now();
    await seed(db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const app = await startApp({ DATABASE_URL: url, ADMIN_EMAILS: ADMIN });
    try {
      await projectorCaughtUp(app.baseUrl);
      await db.query('VACUUM ANALYZE');
      const cookie = await devSignIn(app.baseUrl, ADMIN);
      const people = MESSAGES / PER_PERSON;
      const access = await timed(
        ROUNDS,
        (i) => fetch(`${app.baseUrl}/api/admin/privacy?email=${email((i * 7919) % people)}`, { headers: { cookie } }),
        (body) => (JSON.parse(body) as { messages: unknown[] }).messages.length === PER_PERSON,
      );
      metrics.push({ name: `subject access (GET /api/admin/privacy, ${PER_PERSON} messages, ${fmt(MESSAGES)} stored)`, value: `p50 ${fmt(access.p50, 1)} ms, p99 ${fmt(access.p99, 1)} ms`, target: 'p99 < 100 ms', pass: access.p99 < 100 });
      const erase = await timed(
        ROUNDS,
        (i) =>
          fetch(`${app.baseUrl}/api/admin/privacy/erase`, {
            method: 'POST',
            headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
            body: JSON.stringify({ email: email((i * 104_729 + 13) % people) }),
          }),
        (body) => body.includes('"erased"'),
      );
      metrics.push({
        name: `erase one person (POST /api/admin/privacy/erase: ${PER_PERSON} messages; event, projector batch, VACUUM; ${fmt(MESSAGES)} stored)`,
        value: `p50 ${fmt(erase.p50, 1)} ms, p99 ${fmt(erase.p99, 1)} ms`,
        target: 'p99 < 200 ms',
        pass: erase.p99 < 200,
      });
    } finally {
      await app.stop();
    }
    notes.push(`${fmt(MESSAGES)} messages from ${fmt(MESSAGES / PER_PERSON)} senders (${PER_PERSON} each), sealed and chained as the app writes them, seeded in bulk in ${fmt(seedSeconds, 0)} s; the app's projector builds the inbox before anything is measured.`);
    notes.push(`${ROUNDS} sequential requests per case; each erase names another sender, and answers after the projector's batch has deleted the records and keys and the two privacy tables are vacuumed.`);
  } finally {
    await drop();
  }
  return { title: 'Forgetting a person at 100,000 messages (PostgreSQL)', metrics, notes };
}
