import { WrongExpectedRevisionError, type ExpectedRevision, type RecordedEvent } from '@punchline/domain';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../../test-support/test-database';
import { migrate } from '../database/migrations';
import { PgDatabase } from '../database/pg-database';
import { APPEND_LOCK_KEY } from './event-store.migration';
import { eventHash } from '@punchline/projections';
import { verifyChain } from './hash-chain';
import { PostgresEventStore, postgresStoreMigrations } from './postgres-event-store';
import { newEvent, take, uniqueStream } from './test-support/event-store.test-kit';

// PGlite start-up and fresh databases can be slow on a loaded machine; hooks share this limit.
jest.setTimeout(30_000);

// Real concurrency needs several server connections; PGlite has exactly one.
const describeIf = postgresUrl() ? describe : describe.skip;

/** Small deterministic PRNG so a failing run can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BATCH_SIZES = [1, 1, 2, 3, 5, 8, 13, 20];

describeIf('postgres event store under concurrency', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', 12);
    await migrate(database.db, postgresStoreMigrations);
    store = new PostgresEventStore(database.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('8 writers append 5,000+ events while a subscriber sees each exactly once, in commit order', async () => {
    const writers = 8;
    const perWriter = 650;
    const started = Date.now();
    const contested = uniqueStream('contested');
    const shared = [0, 1, 2, 3].map((i) => uniqueStream(`shared-${i}`));
    const head = await store.headPosition();

    const received: RecordedEvent[] = [];
    const subscription = store.subscribe({ fromPosition: head });
    const tail = (async () => {
      for await (const event of subscription) received.push(event);
    })();

    let conflicts = 0;
    const runWriter = async (w: number): Promise<string[]> => {
      const db = new PgDatabase(database.url!, 2);
      const writer = new PostgresEventStore(db);
      const random = prng(w + 1);
      const appended: string[] = [];
      const own = [0, 1, 2].map((i) => ({ stream: uniqueStream(`w${w}-${i}`), revision: null as number | null }));
      let contestedRevision: number | null = null;
      try {
        while (appended.length < perWriter) {
          const size = Math.min(BATCH_SIZES[Math.floor(random() * BATCH_SIZES.length)], perWriter - appended.length);
          const batch = Array.from({ length: size }, (_, i) => newEvent('Written', { w, i, n: appended.length + i }));
          const roll = random();
          if (roll < 0.4) {
            await writer.append(shared[Math.floor(random() * shared.length)], batch, { expectedRevision: 'any' });
          } else if (roll < 0.8) {
            const target = own[Math.floor(random() * own.length)];
            const expectedRevision: ExpectedRevision = target.revision === null ? 'no_stream' : target.revision;
            target.revision = (await writer.append(target.stream, batch, { expectedRevision })).nextExpectedRevision;
          } else {
            // Optimistic concurrency on a stream everyone writes: catch up, try, retry on conflict.
            for (;;) {
              const newer = await writer.readStream(contested, { fromRevision: contestedRevision === null ? 0 : contestedRevision + 1 });
              if (newer.length > 0) contestedRevision = newer[newer.length - 1].streamRevision;
              try {
                const result = await writer.append(contested, batch, { expectedRevision: contestedRevision === null ? 'no_stream' : contestedRevision });
                contestedRevision = result.nextExpectedRevision;
                break;
              } catch (error) {
                if (!(error instanceof WrongExpectedRevisionError)) throw error;
                conflicts += 1;
              }
            }
          }
          appended.push(...batch.map((e) => e.eventId));
        }
        return appended;
      } finally {
        await db.close();
      }
    };

    const written = (await Promise.all(Array.from({ length: writers }, (_, w) => runWriter(w)))).flat();
    const total = written.length;
    expect(total).toBeGreaterThanOrEqual(5000);

    const deadline = Date.now() + 20_000;
    while (received.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await subscription.close();
    await tail;

    expect(received.map((e) => e.globalPosition)).toEqual(Array.from({ length: total }, (_, i) => head + i + 1));
    expect(new Set(received.map((e) => e.eventId))).toEqual(new Set(written));
    const all: RecordedEvent[] = [];
    for (let page = await store.readAll({ fromPosition: head, limit: 1000 }); page.length > 0; ) {
      all.push(...page);
      page = await store.readAll({ fromPosition: page[page.length - 1].globalPosition, limit: 1000 });
    }
    expect(received.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
    const revisions = new Map<string, number>();
    for (const event of received) {
      expect(event.streamRevision).toBe((revisions.get(event.streamId) ?? -1) + 1);
      revisions.set(event.streamId, event.streamRevision);
    }
    await expect(verifyChain(database.db)).resolves.toMatchObject({ ok: true, verified: head + total });
    expect(conflicts).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(40_000);
  }, 60_000);

  it('of 10 concurrent appends at the same expected revision exactly one wins, the rest write nothing', async () => {
    const stream = uniqueStream('race');
    await store.append(stream, [newEvent('Opened', {})], { expectedRevision: 'no_stream' });
    const racers = Array.from({ length: 10 }, () => new PgDatabase(database.url!, 1));
    try {
      for (let round = 0; round < 5; round += 1) {
        const head = await store.headPosition();
        const stores = racers.map((db) => new PostgresEventStore(db));
        const outcomes = await Promise.allSettled(
          stores.map((s, i) => s.append(stream, [newEvent('Raced', { round, i }), newEvent('Raced', { round, i, second: true })], { expectedRevision: 2 * round })),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(9);
        for (const o of lost) expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.headPosition()).toBe(head + 2);
        expect(await store.readStream(stream)).toHaveLength(1 + 2 * (round + 1));
      }
    } finally {
      await Promise.all(racers.map((db) => db.close()));
    }
    expect((await store.readStream(stream)).map((e) => e.streamRevision)).toEqual(Array.from({ length: 11 }, (_, i) => i));
  }, 20_000);

  it('a slow append holds back later appends, so a subscriber can never skip it', async () => {
    const head = await store.headPosition();
    const headHash = (await database.db.query<{ hash: string }>('SELECT hash FROM es.events WHERE global_position = $1', [head])).rows[0].hash;
    const subscription = store.subscribe({ fromPosition: head });
    const session = await database.db.dedicatedSession();
    try {
      // A hand-made append that stalls mid-transaction, holding the lock and position head+1.
      const slow = newEvent('Slow', { stalled: true });
      const slowStream = uniqueStream('slow');
      await session.query('BEGIN');
      await session.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const fields = { globalPosition: head + 1, streamId: slowStream, streamRevision: 0, eventId: slow.eventId, type: slow.type, schemaVersion: 1, data: slow.data, metadata: slow.metadata };
      await session.query(
        `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
         VALUES ($1, $2, 0, $3, $4, 1, $5::jsonb, $6::jsonb, $7, $8)`,
        [head + 1, slowStream, slow.eventId, slow.type, JSON.stringify(slow.data), JSON.stringify(slow.metadata), headHash, eventHash(headHash, fields)],
      );
      await session.query(`INSERT INTO es.streams (stream_id, revision) VALUES ($1, 0)`, [slowStream]);

      let fastDone = false;
      const fast = store.append(uniqueStream('fast'), [newEvent('Fast', {})], { expectedRevision: 'any' }).then((r) => {
        fastDone = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(fastDone).toBe(false);
      expect(await store.headPosition()).toBe(head);

      await session.query('COMMIT');
      await expect(fast).resolves.toMatchObject({ position: head + 2 });
      const seen = await take(subscription, 2);
      expect(seen.map((e) => [e.globalPosition, e.type])).toEqual([
        [head + 1, 'Slow'],
        [head + 2, 'Fast'],
      ]);
      await expect(verifyChain(database.db)).resolves.toMatchObject({ ok: true, verified: head + 2 });
    } finally {
      await session.query('ROLLBACK').catch(() => undefined);
      await session.release();
      await subscription.close();
    }
  }, 20_000);
});
