import { randomUUID } from 'node:crypto';
import {
  DomainError,
  WrongExpectedRevisionError,
  createUpcasterRegistry,
  dataJsonOf,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type UpcasterRegistry,
} from '@punchline/domain';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test-support/test-database';
import { Projector, ensureReadModels, type LogIntegrity } from '@punchline/projections';
import { migrate } from '../database/migrations';
import { eventStoreMigrations, storeProjections } from './create-event-store';
import { EventStoreDbEventStore } from '@punchline/eventstoredb';
import { PostgresEventStore, postgresStoreMigrations } from './postgres-event-store';
import { expectRejected, freshStore, newEvent, take, uniqueStream } from './test-support/event-store.test-kit';
import { EventStoreDBClient, InMemoryEventStoreDb } from '@punchline/eventstoredb/test-support';

// PGlite start-up and fresh databases can be slow on a loaded machine; hooks share this limit.
jest.setTimeout(30_000);

/** One adapter under test: opens stores (optionally with upcasters) over one shared backend. */
interface Harness {
  open(upcasters?: UpcasterRegistry): EventStore & LogIntegrity;
  close(): Promise<void>;
}

function postgresHarness(kind: 'pglite' | 'postgres'): () => Promise<Harness> {
  return async () => {
    const database: TestDatabase = await createTestDatabase(kind);
    await migrate(database.db, postgresStoreMigrations);
    const stores: EventStore[] = [];
    return {
      open(upcasters) {
        const store = new PostgresEventStore(database.db, { upcasters });
        stores.push(store);
        return store;
      },
      async close() {
        await Promise.all(stores.map((s) => s.close()));
        await database.drop();
      },
    };
  };
}

/** A real server; PGlite holds what the adapter keeps beside the log (event-id registry, digest). */
function eventStoreDbHarness(connectionString: string): () => Promise<Harness> {
  return async () => {
    const database = await createTestDatabase('pglite');
    await migrate(database.db, eventStoreMigrations);
    const stores: EventStore[] = [];
    return {
      open(upcasters) {
        const store = new EventStoreDbEventStore(connectionString, database.db, { upcasters, resubscribeDelayMs: 200 });
        stores.push(store);
        return store;
      },
      async close() {
        await Promise.all(stores.map((s) => s.close()));
        await database.drop();
      },
    };
  };
}

/**
 * The EventStoreDB adapter's own logic over InMemoryEventStoreDb, the client's API with the server's
 * rules as its source states them. It checks the adapter, not the server: that is the next entry.
 */
function emulatedEventStoreDbHarness(): () => Promise<Harness> {
  return async () => {
    const database = await createTestDatabase('pglite');
    await migrate(database.db, eventStoreMigrations);
    const server = new InMemoryEventStoreDb();
    const stores: EventStore[] = [];
    return {
      open(upcasters) {
        const store = new EventStoreDbEventStore(server, database.db, { upcasters, resubscribeDelayMs: 50 });
        stores.push(store);
        return store;
      },
      async close() {
        await Promise.all(stores.map((s) => s.close()));
        await database.drop();
      },
    };
  };
}

const adapters: [string, () => Promise<Harness>][] = databaseKinds().map((kind) => [kind, postgresHarness(kind)]);
adapters.push(['eventstoredb adapter over the client emulation', emulatedEventStoreDbHarness()]);
// EventStoreDB cannot run on this machine; the suite covers it wherever a server is configured.
if (process.env.EVENTSTORE_CONNECTION_STRING) adapters.push(['eventstoredb', eventStoreDbHarness(process.env.EVENTSTORE_CONNECTION_STRING)]);

const ids = (events: RecordedEvent[]): string[] => events.map((e) => e.eventId);

describe.each(adapters)('event store contract: %s', (_name, setup) => {
  let harness: Harness;
  let store: EventStore & LogIntegrity;

  beforeAll(async () => {
    harness = await setup();
    store = harness.open();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('reads back what it appended, in stream and global order', async () => {
    const stream = uniqueStream('roundtrip');
    const before = await store.headPosition();
    const first = newEvent('ThingCreated', { name: 'Open mic', tags: ['a', 'b'], nested: { n: 1.5, ok: true, none: null } });
    const second = newEvent('ThingRenamed', { name: 'Späti Comedy 😀' });

    const result = await store.append(stream, [first, second], { expectedRevision: 'no_stream' });

    const read = await store.readStream(stream);
    expect(read.map(({ eventId, type, data, metadata, streamId, streamRevision }) => ({ eventId, type, data, metadata, streamId, streamRevision }))).toEqual([
      { ...first, streamId: stream, streamRevision: 0 },
      { ...second, streamId: stream, streamRevision: 1 },
    ]);
    expect(read[0].globalPosition).toBeGreaterThan(before);
    expect(read[1].globalPosition).toBeGreaterThan(read[0].globalPosition);
    expect(result).toEqual({ nextExpectedRevision: 1, position: read[1].globalPosition });
    expect(await store.headPosition()).toBe(read[1].globalPosition);
    for (const event of read) {
      expect(event.schemaVersion).toBe(1);
      expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
    }
    const all = await store.readAll({ fromPosition: before, limit: 100 });
    expect(all.filter((e) => e.streamId === stream)).toEqual(read);
  });

  it('returns an empty list for a stream that does not exist', async () => {
    expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
  });

  describe('expected revision', () => {
    async function expectConflict(stream: string, expectedRevision: ExpectedRevision): Promise<void> {
      const before = await store.readStream(stream);
      const head = await store.headPosition();
      const error = await expectRejected(store.append(stream, [newEvent('Conflicting', {})], { expectedRevision }));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).code).toBe('STALE_REVISION');
      expect(await store.readStream(stream)).toEqual(before);
      expect(await store.headPosition()).toBe(head);
    }

    it('any: appends to a new and to an existing stream', async () => {
      const stream = uniqueStream('any');
      await expect(store.append(stream, [newEvent('A', {})], { expectedRevision: 'any' })).resolves.toMatchObject({ nextExpectedRevision: 0 });
      await expect(store.append(stream, [newEvent('A', {})], { expectedRevision: 'any' })).resolves.toMatchObject({ nextExpectedRevision: 1 });
    });

    it('no_stream: creates a stream, and refuses once it exists', async () => {
      const stream = uniqueStream('no-stream');
      await expect(store.append(stream, [newEvent('A', {})], { expectedRevision: 'no_stream' })).resolves.toMatchObject({ nextExpectedRevision: 0 });
      await expectConflict(stream, 'no_stream');
    });

    it('stream_exists: refuses a missing stream, appends to an existing one', async () => {
      const stream = uniqueStream('exists');
      await expectConflict(stream, 'stream_exists');
      await store.append(stream, [newEvent('A', {})], { expectedRevision: 'no_stream' });
      await expect(store.append(stream, [newEvent('B', {})], { expectedRevision: 'stream_exists' })).resolves.toMatchObject({
        nextExpectedRevision: 1,
      });
    });

    it('exact n: appends at the current revision only', async () => {
      const stream = uniqueStream('exact');
      await expectConflict(stream, 0);
      await store.append(stream, [newEvent('A', {}), newEvent('B', {})], { expectedRevision: 'no_stream' });
      await expectConflict(stream, 0);
      await expectConflict(stream, 2);
      await expect(store.append(stream, [newEvent('C', {})], { expectedRevision: 1 })).resolves.toMatchObject({ nextExpectedRevision: 2 });
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });
  });

  describe('reading a stream in pages', () => {
    it('reads at most maxCount events from a revision on, and an append after a page still chains', async () => {
      const stream = uniqueStream('paged');
      await store.append(stream, ['A', 'B', 'C', 'D', 'E'].map((t) => newEvent(t, {})), { expectedRevision: 'no_stream' });
      expect((await store.readStream(stream, { fromRevision: 1, maxCount: 2 })).map((e) => [e.type, e.streamRevision])).toEqual([
        ['B', 1],
        ['C', 2],
      ]);
      expect((await store.readStream(stream, { fromRevision: 3, maxCount: 10 })).map((e) => e.type)).toEqual(['D', 'E']);
      await expect(store.append(stream, [newEvent('F', {})], { expectedRevision: 4 })).resolves.toMatchObject({ nextExpectedRevision: 5 });
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    });
  });

  describe('idempotency', () => {
    it('a retried append returns the original result and writes nothing', async () => {
      const stream = uniqueStream('retry');
      await store.append(stream, [newEvent('Before', {})], { expectedRevision: 'no_stream' });
      const batch = [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })];
      const original = await store.append(stream, batch, { expectedRevision: 0 });
      const head = await store.headPosition();

      await expect(store.append(stream, batch, { expectedRevision: 0 })).resolves.toEqual(original);

      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Before', 'A', 'B']);
      expect(await store.headPosition()).toBe(head);
    });

    it('a retried append with expected revision any is idempotent too', async () => {
      const stream = uniqueStream('retry-any');
      const batch = [newEvent('A', {})];
      const original = await store.append(stream, batch, { expectedRevision: 'any' });
      await expect(store.append(stream, batch, { expectedRevision: 'any' })).resolves.toEqual(original);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('a retried stream_exists append is idempotent, also after later appends', async () => {
      const stream = uniqueStream('retry-exists');
      await store.append(stream, [newEvent('Open', {})], { expectedRevision: 'no_stream' });
      const batch = [newEvent('A', {}), newEvent('B', {})];
      const original = await store.append(stream, batch, { expectedRevision: 'stream_exists' });
      await store.append(stream, [newEvent('Later', {})], { expectedRevision: 'any' });
      await expect(store.append(stream, batch, { expectedRevision: 'stream_exists' })).resolves.toEqual(original);
      await expect(store.append(stream, batch, { expectedRevision: 'any' })).resolves.toEqual(original);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Open', 'A', 'B', 'Later']);
    });

    it('refuses ids already recorded in another stream, or not as exactly this batch, as invalid input', async () => {
      const stream = uniqueStream('reuse');
      const batch = [newEvent('A', {}), newEvent('B', {})];
      await store.append(stream, batch, { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      for (const [target, events, expectedRevision] of [
        [uniqueStream('elsewhere'), batch, 'no_stream'],
        [uniqueStream('elsewhere'), [newEvent('C', {}), batch[1]], 'any'],
        [stream, [batch[0], newEvent('C', {})], 'any'],
        [stream, [batch[1], batch[0]], 'any'],
      ] as const) {
        const error = await expectRejected(store.append(target, [...events], { expectedRevision }));
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('INVALID_INPUT');
      }
      expect(await store.headPosition()).toBe(head);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('treats event ids case-insensitively, as uuids are', async () => {
      const stream = uniqueStream('case');
      const id = randomUUID();
      const original = await store.append(stream, [newEvent('A', {}, id.toUpperCase())], { expectedRevision: 'no_stream' });
      await expect(store.append(stream, [newEvent('A', {}, id)], { expectedRevision: 'no_stream' })).resolves.toEqual(original);
      expect((await store.readStream(stream)).map((e) => e.eventId)).toEqual([id]);
    });
  });

  describe('invalid input', () => {
    it('rejects an empty append', async () => {
      const stream = uniqueStream('empty');
      const error = await expectRejected(store.append(stream, [], { expectedRevision: 'any' }));
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('INVALID_INPUT');
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('rejects bad stream ids and event ids', async () => {
      for (const [stream, event] of [
        ['', newEvent('A', {})],
        ['x'.repeat(201), newEvent('A', {})],
        [uniqueStream('bad-id'), newEvent('A', {}, 'not-a-uuid')],
      ] as const) {
        const error = await expectRejected(store.append(stream, [event], { expectedRevision: 'any' }));
        expect((error as DomainError).code).toBe('INVALID_INPUT');
      }
    });
  });

  it('readAll pages through the log in global order', async () => {
    const before = await store.headPosition();
    const a = uniqueStream('page-a');
    const b = uniqueStream('page-b');
    const appended = [newEvent('P1', {}), newEvent('P2', {}), newEvent('P3', {}), newEvent('P4', {}), newEvent('P5', {})];
    await store.append(a, appended.slice(0, 2), { expectedRevision: 'no_stream' });
    await store.append(b, appended.slice(2, 3), { expectedRevision: 'no_stream' });
    await store.append(a, appended.slice(3, 5), { expectedRevision: 1 });

    const pages: RecordedEvent[][] = [];
    let from = before;
    for (;;) {
      const page = await store.readAll({ fromPosition: from, limit: 2 });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      pages.push(page);
      from = page[page.length - 1].globalPosition;
    }
    const all = pages.flat();
    expect(ids(all.filter((e) => e.streamId === a || e.streamId === b))).toEqual(ids(appended as RecordedEvent[]));
    const positions = all.map((e) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions[0]).toBeGreaterThan(before);
  });

  it('readAll with limit 1 moves one event at a time (a projector with batch size 1 advances)', async () => {
    const before = await store.headPosition();
    const stream = uniqueStream('limit-one');
    const appended = [newEvent('L1', {}), newEvent('L2', {}), newEvent('L3', {})];
    await store.append(stream, appended, { expectedRevision: 'no_stream' });
    const seen: RecordedEvent[] = [];
    for (let from = before; ; ) {
      const page = await store.readAll({ fromPosition: from, limit: 1 });
      if (page.length === 0) break;
      expect(page).toHaveLength(1);
      expect(page[0].globalPosition).toBeGreaterThan(from);
      seen.push(page[0]);
      from = page[0].globalPosition;
    }
    expect(ids(seen.filter((e) => e.streamId === stream))).toEqual(ids(appended as RecordedEvent[]));
  });

  it('readAll and subscribe from any number give the events after it, whether or not an event is there', async () => {
    const stream = uniqueStream('between');
    await store.append(stream, [newEvent('N0', {}), newEvent('N1', {}), newEvent('N2', {})], { expectedRevision: 'no_stream' });
    const written = await store.readStream(stream);
    const from = written[0].globalPosition + 1;
    const after = written.filter((e) => e.globalPosition > from);
    const read = await store.readAll({ fromPosition: from, limit: 100 });
    expect(read.filter((e) => e.streamId === stream)).toEqual(after);
    expect(read[0].globalPosition).toBeGreaterThan(from);
    // A fresh store has seen no positions (another process's checkpoint).
    const fresh = harness.open();
    expect((await fresh.readAll({ fromPosition: from, limit: 100 })).filter((e) => e.streamId === stream)).toEqual(after);
    const subscription = fresh.subscribe({ fromPosition: from });
    try {
      expect((await take(subscription, after.length, (e) => e.streamId === stream)).filter((e) => e.streamId === stream)).toEqual(after);
    } finally {
      await subscription.close();
    }
  });

  it('verifies its hash chain after appends (npm run verify)', async () => {
    await store.append(uniqueStream('chain'), [newEvent('C0', { a: [1, { b: null }] }), newEvent('C1', 'text')], { expectedRevision: 'no_stream' });
    const result = await store.verifyChain();
    expect(result).toMatchObject({ ok: true, firstInvalid: null });
    expect(result.verified).toBeGreaterThanOrEqual(2);
  });

  it('readStream starts at fromRevision', async () => {
    const stream = uniqueStream('from-revision');
    const events = [newEvent('R0', {}), newEvent('R1', {}), newEvent('R2', {}), newEvent('R3', {})];
    await store.append(stream, events, { expectedRevision: 'no_stream' });
    const read = await store.readStream(stream, { fromRevision: 2 });
    expect(read.map((e) => [e.type, e.streamRevision])).toEqual([
      ['R2', 2],
      ['R3', 3],
    ]);
    expect(await store.readStream(stream, { fromRevision: 4 })).toEqual([]);
  });

  describe('subscribe', () => {
    it('from 0 delivers the whole log in order, then events appended after subscribing', async () => {
      const stream = uniqueStream('sub-zero');
      const early = [newEvent('Early1', {}), newEvent('Early2', {})];
      await store.append(stream, early, { expectedRevision: 'no_stream' });
      const subscription = store.subscribe({ fromPosition: 0 });
      try {
        const late = [newEvent('Late1', {}), newEvent('Late2', {}), newEvent('Late3', {})];
        const received = take(subscription, 5, (e) => e.streamId === stream);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await store.append(stream, late.slice(0, 1), { expectedRevision: 1 });
        await store.append(stream, late.slice(1), { expectedRevision: 2 });
        const events = await received;

        expect(ids(events.filter((e) => e.streamId === stream))).toEqual(ids([...early, ...late] as RecordedEvent[]));
        const positions = events.map((e) => e.globalPosition);
        expect(positions[0]).toBeGreaterThan(0);
        for (let i = 1; i < positions.length; i += 1) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
      } finally {
        await subscription.close();
      }
    });

    it('from the middle delivers only later events', async () => {
      const stream = uniqueStream('sub-middle');
      await store.append(stream, [newEvent('M0', {}), newEvent('M1', {}), newEvent('M2', {}), newEvent('M3', {})], { expectedRevision: 'no_stream' });
      const written = await store.readStream(stream);
      const subscription = store.subscribe({ fromPosition: written[1].globalPosition });
      try {
        const events = await take(subscription, 2, (e) => e.streamId === stream);
        expect(events[0]).toEqual(written[2]);
        expect(events.filter((e) => e.streamId === stream)).toEqual(written.slice(2));
      } finally {
        await subscription.close();
      }
    });

    it('close() ends a waiting iteration', async () => {
      const subscription = store.subscribe({ fromPosition: await store.headPosition() });
      const iterator = subscription[Symbol.asyncIterator]();
      const next = iterator.next();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      await subscription.close();
      await expect(next).resolves.toMatchObject({ done: true });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  it('upcasts events stored at an older schema version on read', async () => {
    const stream = uniqueStream('upcast');
    // A position some event really has: EventStoreDB cannot read from an arbitrary number.
    const before = await store.headPosition();
    await store.append(stream, [newEvent('ShowRenamed', { name: 'Late Laughs' })], { expectedRevision: 'no_stream' });
    const upcasters = createUpcasterRegistry({
      ShowRenamed: { 1: (data) => ({ title: (data as { name: string }).name, subtitle: null }) },
    });
    const current = harness.open(upcasters);
    await current.append(stream, [newEvent('ShowRenamed', { title: 'Later Laughs', subtitle: 'v2' })], { expectedRevision: 0 });

    const read = await current.readStream(stream);
    expect(read.map((e) => [e.data, e.schemaVersion])).toEqual([
      [{ title: 'Late Laughs', subtitle: null }, 2],
      [{ title: 'Later Laughs', subtitle: 'v2' }, 2],
    ]);
    const fromAll = await current.readAll({ fromPosition: before, limit: 1 });
    expect(fromAll[0].data).toEqual({ title: 'Late Laughs', subtitle: null });
    const subscription = current.subscribe({ fromPosition: before });
    try {
      const [first] = await take(subscription, 1);
      expect(first.data).toEqual({ title: 'Late Laughs', subtitle: null });
    } finally {
      await subscription.close();
    }
  });
});

describe.each(databaseKinds())('postgres event store specifics: %s', (kind) => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await freshStore(database.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('assigns gapless positions: a refused append burns none', async () => {
    const stream = uniqueStream('gapless');
    const first = await store.append(stream, [newEvent('A', {})], { expectedRevision: 'no_stream' });
    await expect(store.append(stream, [newEvent('B', {})], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const second = await store.append(stream, [newEvent('C', {}), newEvent('D', {})], { expectedRevision: 0 });
    expect(second.position).toBe(first.position + 2);
    const all = await store.readAll({ fromPosition: 0, limit: 1000 });
    expect(all.map((e) => e.globalPosition)).toEqual(all.map((_, i) => i + 1));
  });

  it('asRead keeps the data text it is given unless upcasting changed the data (a restore feeding the read models)', async () => {
    const archived = { globalPosition: 7, streamId: 'show-1', streamRevision: 0, eventId: randomUUID(), type: 'ShowRenamed', schemaVersion: 1, metadata: {}, recordedAt: '2026-11-27T10:00:00.000Z' };
    const text = '{"name":"Late Laughs"}';
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      expect(dataJsonOf(store.asRead({ ...archived, data: { name: 'Late Laughs' } }, text))).toBe(text);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    const upcasting = new PostgresEventStore(database.db, { upcasters: createUpcasterRegistry({ ShowRenamed: { 1: (data) => ({ title: (data as { name: string }).name }) } }) });
    const upcast = upcasting.asRead({ ...archived, data: { name: 'Late Laughs' } }, text);
    expect(upcast.data).toEqual({ title: 'Late Laughs' });
    expect(dataJsonOf(upcast)).toBe('{"title":"Late Laughs"}');
    await upcasting.close();
  });

  it('refuses data jsonb cannot store as invalid input, writing nothing', async () => {
    const stream = uniqueStream('nul');
    const head = await store.headPosition();
    for (const data of [{ text: 'nul \u0000 byte' }, { text: 'lone \ud800 surrogate' }]) {
      const error = await expectRejected(store.append(stream, [newEvent('A', data)], { expectedRevision: 'any' }));
      expect((error as DomainError).code).toBe('INVALID_INPUT');
    }
    expect(await store.headPosition()).toBe(head);
    await expect(store.append(stream, [newEvent('A', { text: 'fine' })], { expectedRevision: 'no_stream' })).resolves.toMatchObject({ position: head + 1 });
  });

  it('gives every append of a group commit its own outcome, even when one of them is bad', async () => {
    const head = await store.headPosition();
    const contested = uniqueStream('group-contested');
    await store.append(contested, [newEvent('Start', {})], { expectedRevision: 'no_stream' });
    const streams = Array.from({ length: 12 }, (_, i) => uniqueStream(`group-${i}`));
    // Fired together through one store, these queue behind each other and share transactions.
    const outcomes = await Promise.allSettled([
      ...streams.map((s) => store.append(s, [newEvent('A', {}), newEvent('B', {})], { expectedRevision: 'no_stream' })),
      store.append(contested, [newEvent('Stale', {})], { expectedRevision: 5 }),
      store.append(uniqueStream('group-bad'), [newEvent('Bad', { text: 'nul \u0000' })], { expectedRevision: 'any' }),
      store.append(contested, [newEvent('Next', {})], { expectedRevision: 0 }),
    ]);
    expect(outcomes.slice(0, 12).every((o) => o.status === 'fulfilled')).toBe(true);
    expect(outcomes[12]).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
    expect(outcomes[13]).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ code: 'INVALID_INPUT' }) });
    expect(outcomes[14]).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1 } });
    const written = await store.readAll({ fromPosition: head, limit: 1000 });
    expect(written.map((e) => e.globalPosition)).toEqual(written.map((_, i) => head + 1 + i));
    expect(written).toHaveLength(1 + 12 * 2 + 1);
    for (const s of streams) expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('announces appends on the notify channel with the last position', async () => {
    const payloads: string[] = [];
    const unlisten = await database.db.listen('es_events', (payload) => payloads.push(payload));
    try {
      const result = await store.append(uniqueStream('notify'), [newEvent('A', {}), newEvent('B', {})], { expectedRevision: 'any' });
      const deadline = Date.now() + 5000;
      while (!payloads.includes(String(result.position)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(payloads).toContain(String(result.position));
    } finally {
      await unlisten();
    }
  });
});

const esdbConnection = process.env.EVENTSTORE_CONNECTION_STRING;
/** What only a real EventStoreDB server can show; runs where EVENTSTORE_CONNECTION_STRING is set. */
(esdbConnection ? describe : describe.skip)('eventstoredb specifics', () => {
  let database: TestDatabase;
  let store: EventStoreDbEventStore;
  let client: EventStoreDBClient;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await migrate(database.db, eventStoreMigrations);
    store = new EventStoreDbEventStore(esdbConnection!, database.db);
    client = EventStoreDBClient.connectionString(esdbConnection!);
  });
  afterAll(async () => {
    await store?.close();
    await client?.dispose();
    await database?.drop();
  });

  it('a batch over the server’s maximum append size is TOO_LARGE', async () => {
    // The server's default EVENTSTORE_MAX_APPEND_SIZE is 1 MiB.
    const error = await expectRejected(store.append(uniqueStream('big'), [newEvent('Big', { text: 'x'.repeat(2 * 1024 * 1024) })], { expectedRevision: 'no_stream' }));
    expect((error as DomainError).code).toBe('TOO_LARGE');
  });

  it('a deleted stream refuses appends (CONFLICT) and reads (NOT_FOUND)', async () => {
    const stream = uniqueStream('tombstoned');
    await store.append(stream, [newEvent('A', {})], { expectedRevision: 'no_stream' });
    await client.tombstoneStream(stream);
    expect(((await expectRejected(store.append(stream, [newEvent('B', {})], { expectedRevision: 0 }))) as DomainError).code).toBe('CONFLICT');
    expect(((await expectRejected(store.readStream(stream))) as DomainError).code).toBe('NOT_FOUND');
  });

  it('the projector wakes on the subscription: read-your-writes without waiting for the poll; the digest verifies', async () => {
    const projections = storeProjections(store);
    await ensureReadModels(database.db, projections);
    const projector = new Projector({ db: database.db, store, projections, pollMs: 60_000 });
    await projector.start();
    try {
      for (let i = 0; i < 3; i += 1) {
        const started = Date.now();
        const { position } = await store.append(uniqueStream('ryw'), [newEvent('Woken', { i })], { expectedRevision: 'no_stream' });
        expect(await projector.waitFor(position, 10_000)).toBe(true);
        expect(Date.now() - started).toBeLessThan(2000);
      }
      expect((await projector.lag()).subscription).toMatchObject({ behind: 0 });
    } finally {
      await projector.stop();
    }
    await expect(store.verifyChain()).resolves.toMatchObject({ ok: true, firstInvalid: null });
  }, 120_000);
});
