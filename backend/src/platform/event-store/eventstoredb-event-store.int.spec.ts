import { DomainError, WrongExpectedRevisionError, createUpcasterRegistry, type RecordedEvent } from '@punchline/domain';
import { Projector, allProjections, ensureReadModels, type Database, eventHash, streamEventHash } from '@punchline/projections';
import type { Response } from 'express';
import { HealthHttpController } from '../../health';
import { type CliContext, verifyCommand } from '../../cli';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { migrate } from '../database/migrations';
import { eventStoreMigrations, leafSourceFor, storeProjections } from './create-event-store';
import { LogTree } from '../log-tree/log-tree';
import { discardTreeFrom } from '../log-tree/tiles';
import { referenceLeafHash, referenceTreeHash, verifyConsistency, verifyInclusion } from '../../test-support/rfc9162-verifier';
import { EventDecodeError, EventStoreDbEventStore, STORE_METADATA_KEY, type EventStoreDbEventStoreOptions } from '@punchline/eventstoredb';
import { AccessDeniedError, InMemoryEventStoreDb, MaxAppendSizeExceededError, NO_STREAM, UnavailableError } from '@punchline/eventstoredb/test-support';
import { expectRejected, newEvent, take, uniqueStream } from './test-support/event-store.test-kit';

// PGlite start-up on a loaded machine (several suites in parallel on two cores).
jest.setTimeout(60_000);

/**
 * The EventStoreDB adapter's own logic (paging, positions, subscription, appends, hash chain) driven
 * through the client's API with its real types and error classes, against InMemoryEventStoreDb (the
 * server's rules as its source states them). PGlite holds what the adapter keeps beside the log.
 * The same adapter runs the shared contract suite against a real server when
 * EVENTSTORE_CONNECTION_STRING is set.
 */
describe('EventStoreDB adapter over the client', () => {
  let database: TestDatabase;
  let db: Database;
  const opened: EventStoreDbEventStore[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    db = database.db;
    await migrate(db, eventStoreMigrations);
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await database.drop();
  });

  function recordingLogger() {
    const lines: { level: 'warn' | 'error'; details: Record<string, unknown>; message: string }[] = [];
    return {
      lines,
      warn: (details: Record<string, unknown>, message: string) => lines.push({ level: 'warn', details, message }),
      error: (details: Record<string, unknown>, message: string) => lines.push({ level: 'error', details, message }),
    };
  }

  function open(server = new InMemoryEventStoreDb(), options: EventStoreDbEventStoreOptions = {}) {
    const store = new EventStoreDbEventStore(server, db, { resubscribeDelayMs: 10, maxResubscribeDelayMs: 40, ...options });
    opened.push(store);
    return { server, store };
  }

  describe('1. readAll from a position: the server reads it inclusively', () => {
    it('limit 1 advances one event at a time from an event position', async () => {
      const { store } = open();
      const stream = uniqueStream('one');
      await store.append(stream, [newEvent('A', {}), newEvent('B', {}), newEvent('C', {})], { expectedRevision: 'no_stream' });
      const [a, b, c] = await store.readAll({ fromPosition: 0, limit: 10 });
      expect([a.type, b.type, c.type]).toEqual(['A', 'B', 'C']);

      expect(await store.readAll({ fromPosition: a.globalPosition, limit: 1 })).toEqual([b]);
      expect(await store.readAll({ fromPosition: b.globalPosition, limit: 1 })).toEqual([c]);
      expect(await store.readAll({ fromPosition: c.globalPosition, limit: 1 })).toEqual([]);
    });

    it('a page never loses or repeats an event when system records are interleaved', async () => {
      const { server, store } = open();
      const stream = uniqueStream('paging');
      const written: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const event = newEvent(`E${i}`, { i });
        written.push(event.eventId);
        await store.append(stream, [event], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
        if (i % 2 === 0) server.writeSystemRecord();
      }
      for (const limit of [1, 2, 3, 100]) {
        const seen: RecordedEvent[] = [];
        for (let page = await store.readAll({ fromPosition: 0, limit }); page.length > 0; page = await store.readAll({ fromPosition: seen[seen.length - 1].globalPosition, limit })) {
          expect(page.length).toBeLessThanOrEqual(limit);
          seen.push(...page);
        }
        expect(seen.map((e) => e.eventId)).toEqual(written);
      }
    });
  });

  describe('6. positions sent to the server are record boundaries', () => {
    it('readAll from a number that is no event position returns what follows it', async () => {
      const { server, store } = open();
      const stream = uniqueStream('between');
      await store.append(stream, [newEvent('A', {}), newEvent('B', {}), newEvent('C', {})], { expectedRevision: 'no_stream' });
      const [a, b, c] = await store.readAll({ fromPosition: 0, limit: 10 });
      expect(await store.readAll({ fromPosition: a.globalPosition + 1, limit: 10 })).toEqual([b, c]);
      expect(await store.readAll({ fromPosition: c.globalPosition + 5, limit: 10 })).toEqual([]);
      expect(server.invalidPositions).toEqual([]);
    });

    it('readAll and subscribe from a checkpoint another process stored', async () => {
      const server = new InMemoryEventStoreDb();
      const { store: writer } = open(server);
      const stream = uniqueStream('checkpoint');
      await writer.append(stream, [newEvent('A', {}), newEvent('B', {})], { expectedRevision: 'no_stream' });
      const [a, b] = await writer.readAll({ fromPosition: 0, limit: 10 });
      // A fresh process knows no positions; the checkpoint comes from PostgreSQL.
      const { store: restarted } = open(server);
      expect(await restarted.readAll({ fromPosition: a.globalPosition, limit: 10 })).toEqual([b]);
      const { store: subscriber } = open(server);
      const subscription = subscriber.subscribe({ fromPosition: a.globalPosition + 3 });
      try {
        expect(await take(subscription, 1)).toEqual([b]);
      } finally {
        await subscription.close();
      }
      expect(server.invalidPositions).toEqual([]);
    });

    it('a checkpoint far behind the head is found over several backward pages', async () => {
      const server = new InMemoryEventStoreDb();
      const { store: writer } = open(server);
      const stream = uniqueStream('far');
      for (let i = 0; i < 7; i += 1) {
        await writer.append(stream, Array.from({ length: 100 }, (_, j) => newEvent('F', { n: i * 100 + j })), { expectedRevision: i === 0 ? 'no_stream' : i * 100 - 1 });
      }
      const all = await writer.readAll({ fromPosition: 0, limit: 1000 });
      const { store: restarted } = open(server);
      expect(await restarted.readAll({ fromPosition: all[9].globalPosition, limit: 3 })).toEqual(all.slice(10, 13));
      const scans = server.calls.filter((c) => c.method === 'readAll' && (c.options as { direction?: string }).direction === 'backwards');
      expect(scans.map((c) => (c.options as { maxCount: number }).maxCount)).toEqual([200, 400, 800]);
      expect(server.invalidPositions).toEqual([]);
    });

    it('headPosition is the newest event, skips system records and leaves no read open', async () => {
      const { server, store } = open();
      expect(await store.headPosition()).toBe(0);
      const stream = uniqueStream('head');
      await store.append(stream, Array.from({ length: 30 }, (_, i) => newEvent('H', { i })), { expectedRevision: 'no_stream' });
      server.writeSystemRecord();
      server.writeSystemRecord();
      const all = await store.readAll({ fromPosition: 0, limit: 100 });
      expect(await store.headPosition()).toBe(all[all.length - 1].globalPosition);
      expect(server.openServerReads).toBe(0);
    });
  });

  describe('2. subscription', () => {
    it('an event that cannot be converted stops it with a logged error; it is never skipped', async () => {
      const logger = recordingLogger();
      const { server, store } = open(undefined, { logger });
      const stream = uniqueStream('poison');
      await store.append(stream, [newEvent('Good', { n: 1 })], { expectedRevision: 'no_stream' });
      const poison = server.writeForeign(stream, { type: 'Binary', data: Buffer.from([0, 1, 2]), contentType: 'application/octet-stream' });
      await store.append(uniqueStream('after-poison'), [newEvent('After', {})], { expectedRevision: 'no_stream' });

      const subscription = store.subscribe({ fromPosition: 0 });
      const iterator = subscription[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toMatchObject({ type: 'Good' });
      const error = await expectRejected(iterator.next());
      expect(error).toBeInstanceOf(EventDecodeError);
      expect((error as Error).message).toMatch(new RegExp(`position ${poison}.*content type is not application/json`));
      expect(logger.lines).toEqual([expect.objectContaining({ level: 'error', details: expect.objectContaining({ position: poison }) })]);
      // It stays stopped: the event after the poison is not delivered by skipping it.
      await expect(iterator.next()).resolves.toMatchObject({ done: true });
      expect(server.liveSubscriptions).toBe(0);
    });

    it('an upcaster that throws stops it the same way', async () => {
      const logger = recordingLogger();
      const upcasters = createUpcasterRegistry({
        Renamed: {
          1: () => {
            throw new Error('no name');
          },
        },
      });
      const server = new InMemoryEventStoreDb();
      const { store: writer } = open(server);
      await writer.append(uniqueStream('upcast'), [newEvent('Renamed', {})], { expectedRevision: 'no_stream' });
      const { store } = open(server, { upcasters, logger });
      const error = await expectRejected(take(store.subscribe({ fromPosition: 0 }), 1));
      expect((error as Error).message).toMatch(/upcasting from version 1 failed: no name/);
      expect(logger.lines.map((l) => l.level)).toEqual(['error']);
    });

    it('other errors are logged and retried with a growing pause, resuming after the last delivered event', async () => {
      const logger = recordingLogger();
      const { server, store } = open(undefined, { logger });
      const stream = uniqueStream('resume');
      const first = [newEvent('S0', {}), newEvent('S1', {})];
      await store.append(stream, first, { expectedRevision: 'no_stream' });
      const subscription = store.subscribe({ fromPosition: 0 });
      try {
        const iterator = subscription[Symbol.asyncIterator]();
        expect((await iterator.next()).value.eventId).toBe(first[0].eventId);
        expect((await iterator.next()).value.eventId).toBe(first[1].eventId);

        server.failNext('subscribeToAll', new AccessDeniedError(undefined, 'Access denied'), new UnavailableError(undefined, 'connect ECONNREFUSED'));
        server.dropSubscriptions(new UnavailableError(undefined, 'Connection dropped'));
        const later = [newEvent('S2', {}), newEvent('S3', {})];
        await store.append(stream, later, { expectedRevision: 1 });

        expect((await iterator.next()).value.eventId).toBe(later[0].eventId);
        expect((await iterator.next()).value.eventId).toBe(later[1].eventId);
        expect(logger.lines.map((l) => [l.level, l.details.attempt, l.details.retryInMs])).toEqual([
          ['warn', 1, 10],
          ['warn', 2, 20],
          ['warn', 3, 40],
        ]);
        expect(logger.lines[0].details.err).toMatch(/Connection dropped/);
        expect(logger.lines[1].details.err).toMatch(/Access denied/);
        expect(logger.lines.every((l) => l.details.position === logger.lines[0].details.position)).toBe(true);
      } finally {
        await subscription.close();
      }
    });
  });

  describe('6. appends', () => {
    it('reach the server with an exact revision (or no_stream), whatever the caller expected', async () => {
      const { server, store } = open();
      const stream = uniqueStream('exact');
      await store.append(stream, [newEvent('A', {})], { expectedRevision: 'any' });
      await store.append(stream, [newEvent('B', {})], { expectedRevision: 'stream_exists' });
      await store.append(stream, [newEvent('C', {})], { expectedRevision: 1 });
      const sent = server.calls.filter((c) => c.method === 'appendToStream').map((c) => (c.options as { expectedRevision: unknown }).expectedRevision);
      expect(sent).toEqual([NO_STREAM, 0n, 1n]);
    });

    it('a retried any or stream_exists append stays idempotent after the server lost its in-memory cache', async () => {
      const { server, store } = open();
      const stream = uniqueStream('restart');
      await store.append(stream, [newEvent('Open', {})], { expectedRevision: 'no_stream' });
      const batch = [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })];
      const original = await store.append(stream, batch, { expectedRevision: 'any' });
      const retriedExists = [newEvent('C', {})];
      const originalExists = await store.append(stream, retriedExists, { expectedRevision: 'stream_exists' });
      server.restart();
      await expect(store.append(stream, batch, { expectedRevision: 'any' })).resolves.toEqual(original);
      await expect(store.append(stream, retriedExists, { expectedRevision: 'stream_exists' })).resolves.toEqual(originalExists);
      // A second process, with nothing remembered, gets the same answer.
      await expect(open(server).store.append(stream, batch, { expectedRevision: 'any' })).resolves.toEqual(original);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Open', 'A', 'B', 'C']);
    });

    it('a retried exact append returns the original result', async () => {
      const { store } = open();
      const stream = uniqueStream('retry-exact');
      await store.append(stream, [newEvent('Open', {})], { expectedRevision: 'no_stream' });
      const batch = [newEvent('A', {}), newEvent('B', {})];
      const original = await store.append(stream, batch, { expectedRevision: 0 });
      await store.append(stream, [newEvent('Later', {})], { expectedRevision: 2 });
      await expect(store.append(stream, batch, { expectedRevision: 0 })).resolves.toEqual(original);
      expect(await store.readStream(stream)).toHaveLength(4);
    });

    it('an id already recorded in another stream is INVALID_INPUT, as on postgres, and writes nothing', async () => {
      const { store } = open();
      const batch = [newEvent('A', {}), newEvent('B', {})];
      await store.append(uniqueStream('owner'), batch, { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      for (const expectedRevision of ['no_stream', 'any'] as const) {
        const error = await expectRejected(store.append(uniqueStream('thief'), batch, { expectedRevision }));
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/another stream/) });
        const one = await expectRejected(store.append(uniqueStream('thief'), [newEvent('New', {}), batch[1]], { expectedRevision }));
        expect(one).toMatchObject({ code: 'INVALID_INPUT' });
      }
      expect(await store.headPosition()).toBe(head);
    });

    it('ids recorded in this stream but not as exactly this batch are INVALID_INPUT', async () => {
      const { store } = open();
      const stream = uniqueStream('partial');
      const batch = [newEvent('A', {}), newEvent('B', {})];
      await store.append(stream, batch, { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      const partial = await expectRejected(store.append(stream, [batch[0], newEvent('C', {})], { expectedRevision: 'any' }));
      expect(partial).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/not as exactly this batch/) });
      const reordered = await expectRejected(store.append(stream, [batch[1], batch[0]], { expectedRevision: 1 }));
      expect(reordered).toMatchObject({ code: 'INVALID_INPUT' });
      expect(await store.headPosition()).toBe(head);
    });

    it('a stale exact revision is refused as STALE_REVISION without a write', async () => {
      const { store } = open();
      const stream = uniqueStream('stale');
      await store.append(stream, [newEvent('A', {})], { expectedRevision: 'no_stream' });
      for (const expectedRevision of [3, 'no_stream'] as const) {
        const error = await expectRejected(store.append(stream, [newEvent('B', {})], { expectedRevision }));
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ code: 'STALE_REVISION', actual: '0' });
      }
      await store.append(stream, [newEvent('B', {})], { expectedRevision: 0 });
      const stale = await expectRejected(store.append(stream, [newEvent('C', {})], { expectedRevision: 0 }));
      expect(stale).toMatchObject({ code: 'STALE_REVISION', actual: '1' });
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('maps the server’s refusals to domain errors: too large, deleted stream, access denied', async () => {
      const { server, store } = open();
      server.maxAppendSize = 2000;
      const big = await expectRejected(store.append(uniqueStream('big'), [newEvent('Big', { text: 'x'.repeat(5000) })], { expectedRevision: 'no_stream' }));
      expect(big).toMatchObject({ code: 'TOO_LARGE', details: { maxAppendSize: 2000 } });

      const gone = uniqueStream('gone');
      await store.append(gone, [newEvent('A', {})], { expectedRevision: 'no_stream' });
      server.tombstone(gone);
      expect(await expectRejected(store.append(gone, [newEvent('B', {})], { expectedRevision: 0 }))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/deleted/) });
      expect(await expectRejected(store.append(gone, [newEvent('B', {})], { expectedRevision: 'any' }))).toMatchObject({ code: 'CONFLICT' });
      expect(await expectRejected(store.readStream(gone))).toMatchObject({ code: 'NOT_FOUND' });

      server.failNext('append', new AccessDeniedError(undefined, 'Access denied'));
      expect(await expectRejected(store.append(uniqueStream('denied'), [newEvent('A', {})], { expectedRevision: 'no_stream' }))).toMatchObject({ code: 'UNAVAILABLE' });
      server.failNext('readAll', new AccessDeniedError(undefined, 'Access denied'));
      expect(await expectRejected(store.readAll({ fromPosition: 0, limit: 1 }))).toMatchObject({ code: 'UNAVAILABLE' });
      server.failNext('append', MaxAppendSizeExceededError.fromMaxAppendSize(10));
      expect(await expectRejected(store.append(uniqueStream('limit'), [newEvent('A', {})], { expectedRevision: 'no_stream' }))).toMatchObject({ code: 'TOO_LARGE' });
    });

    it('reads back what it wrote, with links in the stored metadata and none in the envelope', async () => {
      const { server, store } = open();
      const stream = uniqueStream('links');
      const events = [newEvent('A', { b: 1, a: [1, 'x'] }), newEvent('B', 'text')];
      const result = await store.append(stream, events, { expectedRevision: 'no_stream' });
      const read = await store.readStream(stream);
      expect(read.map(({ eventId, type, data, metadata }) => ({ eventId, type, data, metadata }))).toEqual(events);
      expect(result).toEqual({ nextExpectedRevision: 1, position: read[1].globalPosition });
      const raw = server.calls.filter((c) => c.method === 'appendToStream');
      expect(raw).toHaveLength(1);
      const stored = await new Promise<unknown[]>((resolve) => {
        const items: unknown[] = [];
        server
          .readStream(stream)
          .on('data', (e) => items.push(e))
          .on('end', () => resolve(items));
      });
      const links = stored.map((e) => (e as { event: { metadata: Record<string, { prevHash: string; hash: string }> } }).event.metadata[STORE_METADATA_KEY]);
      expect(links[0].prevHash).toBe('');
      expect(links[1].prevHash).toBe(links[0].hash);
      expect(links[0].hash).toBe(
        streamEventHash('', { streamId: stream, streamRevision: 0, eventId: events[0].eventId, type: 'A', schemaVersion: 1, data: events[0].data, metadata: events[0].metadata }),
      );
    });
  });

  describe('4. hash chain: stream links plus the log digest', () => {
    /**
     * A log with a few streams and a projector whose leader runs the digest. The digest and the
     * checkpoints are emptied first: each case starts from an unsealed log.
     */
    async function sealedLog() {
      await db.query('TRUNCATE es.esdb_log_digest; DROP SCHEMA IF EXISTS rm CASCADE');
      await discardTreeFrom(db, 0);
      const server = new InMemoryEventStoreDb();
      const { store } = open(server);
      const site = uniqueStream('site');
      const contact = uniqueStream('contact');
      await store.append(site, [newEvent('DraftSaved', { n: 1 }), newEvent('DraftSaved', { n: 2 })], { expectedRevision: 'no_stream' });
      server.writeSystemRecord();
      await store.append(contact, [newEvent('ContactMessageReceived', { text: 'hi' })], { expectedRevision: 'no_stream' });
      await store.append(site, [newEvent('Published', { settings: {} })], { expectedRevision: 1 });
      // The digest alone: these events are not shaped for the read models.
      const projections = storeProjections(store);
      await ensureReadModels(db, projections);
      const projector = new Projector({ db, store, projections });
      const events = await store.readAll({ fromPosition: 0, limit: 100 });
      return {
        server,
        store,
        db,
        site,
        events,
        seal: async () => {
          while ((await projector.processNextBatch()).kind !== 'caught-up');
        },
        async close() {
          await store.close();
        },
      };
    }

    it('keeps the log tree over the sealed digest (issue 27): leaves in digest order, proofs, catch-up, a cut log named', async () => {
      const log = await sealedLog();
      try {
        await log.seal();
        const tree = await LogTree.open(db, leafSourceFor(log.store), { keyName: 'test.example/punchline-log' });
        const digest = (await db.query<{ hash: string }>('SELECT hash FROM es.esdb_log_digest ORDER BY position')).rows.map((r) => referenceLeafHash(Buffer.from(r.hash, 'hex')));
        expect(await tree.size()).toBe(4);
        const root = referenceTreeHash((i) => digest[i], 0, 4);
        const before = await tree.checkpoint();
        expect(before.root.equals(root)).toBe(true);
        // Leaves are digest rows in order; an inclusion proof for an event is asked by its commit position.
        expect(await tree.source.leafOfPosition(db, log.events[2].globalPosition)).toBe(2);
        expect(verifyInclusion(2, 4, digest[2], await tree.inclusionProof(2, 4), root)).toBe(true);

        await log.store.append(log.site, [newEvent('DraftSaved', { n: 3 }), newEvent('DraftSaved', { n: 4 })], { expectedRevision: 2 });
        await log.seal();
        const after = await tree.checkpoint();
        expect(after.size).toBe(6);
        expect(verifyConsistency(4, 6, root, after.root, await tree.consistencyProof(4, 6))).toBe(true);
        await expect(tree.check(before.note)).resolves.toMatchObject({ verdict: 'extends', size: 4, current_size: 6 });

        // An existing log: the tree discarded from leaf 3 on is rebuilt at start-up to the same root.
        await discardTreeFrom(db, 2);
        await expect(tree.catchUp()).resolves.toMatchObject({ from: 2, size: 6, done: true });
        expect((await tree.checkpoint()).note).toBe(after.note);

        // A reset tree checkpoint (read models rebuilt) replays events the tree holds: no leaf is added twice.
        await db.query(`UPDATE rm.projection_checkpoints SET position = 0 WHERE name = 'log_tree'`);
        await log.seal();
        expect((await tree.checkpoint()).note).toBe(after.note);

        // The digest's last rows deleted (with their events scavenged): the earlier checkpoint names the cut.
        await db.query('DELETE FROM es.esdb_log_digest WHERE position >= $1', [log.events[3].globalPosition]);
        await expect(tree.check(before.note)).resolves.toMatchObject({ verdict: 'truncated', size: 4, current_size: 3, first_difference: 4 });
      } finally {
        await log.close();
      }
    });

    it('verifies stream links before sealing, then the digest, with the postgres hash rule', async () => {
      const log = await sealedLog();
      try {
        await expect(log.store.verifyChain()).resolves.toEqual({ ok: true, verified: 4, head: null, firstInvalid: null, unsealed: 4 });
        await log.seal();
        const result = await log.store.verifyChain({ batchSize: 2 });
        // The same rule as es.events, over the stored content and the $all position: one export format for both stores.
        let expected = '';
        for (const e of log.events) expected = eventHash(expected, { ...e, schemaVersion: 1 });
        expect(result).toEqual({ ok: true, verified: 4, head: { position: log.events[3].globalPosition, hash: expected }, firstInvalid: null, unsealed: 0 });

        await log.store.append(log.site, [newEvent('DraftSaved', { n: 3 })], { expectedRevision: 2 });
        await expect(log.store.verifyChain()).resolves.toMatchObject({ ok: true, verified: 5, unsealed: 1 });
      } finally {
        await log.close();
      }
    });

    it('names an event whose content was edited, even with its stream hash recomputed', async () => {
      const log = await sealedLog();
      try {
        await log.seal();
        const target = log.events[1];
        log.server.tamper(target.globalPosition, { data: { n: 99 } });
        await expect(log.store.verifyChain()).resolves.toMatchObject({
          ok: false,
          verified: 1,
          firstInvalid: { position: target.globalPosition, eventId: target.eventId, streamId: target.streamId, type: 'DraftSaved', reason: expect.stringMatching(/content does not match/) },
        });
        // A forger who knows the stream rule rewrites the link too; the digest still catches it.
        log.server.tamper(target.globalPosition, {
          metadata: (m) => {
            const link = m[STORE_METADATA_KEY] as { schemaVersion: number; prevHash: string; hash: string };
            const forged = streamEventHash(link.prevHash, { streamId: target.streamId, streamRevision: 1, eventId: target.eventId, type: target.type, schemaVersion: 1, data: { n: 99 }, metadata: target.metadata });
            return { ...m, [STORE_METADATA_KEY]: { ...link, hash: forged } };
          },
        });
        await expect(log.store.verifyChain()).resolves.toMatchObject({
          ok: false,
          verified: 1,
          firstInvalid: { position: target.globalPosition, eventId: target.eventId, reason: expect.stringMatching(/hash does not match the event content/) },
        });
      } finally {
        await log.close();
      }
    });

    it('names a sealed event that disappeared, an event written around the app, and a removed digest row', async () => {
      const log = await sealedLog();
      try {
        await log.seal();
        const contactEvent = log.events[2];
        log.server.scavenge(contactEvent.globalPosition);
        await expect(log.store.verifyChain()).resolves.toMatchObject({
          ok: false,
          verified: 2,
          firstInvalid: { position: contactEvent.globalPosition, eventId: contactEvent.eventId, reason: expect.stringMatching(/missing from the log/) },
        });
      } finally {
        await log.close();
      }
      const foreign = await sealedLog();
      try {
        await foreign.seal();
        const position = foreign.server.writeForeign(foreign.site, { type: 'Injected', data: '{"x":1}', metadata: '{"actorEmail":"mallory@example.com"}' });
        await expect(foreign.store.verifyChain()).resolves.toMatchObject({ ok: false, verified: 4, firstInvalid: { position, type: 'Injected', reason: expect.stringMatching(/no stream link/) } });
      } finally {
        await foreign.close();
      }
      const unsealed = await sealedLog();
      try {
        await unsealed.seal();
        await unsealed.db.query('DELETE FROM es.esdb_log_digest WHERE position = $1', [unsealed.events[1].globalPosition]);
        await expect(unsealed.store.verifyChain()).resolves.toMatchObject({
          ok: false,
          verified: 1,
          firstInvalid: { position: unsealed.events[1].globalPosition, reason: expect.stringMatching(/not in the sealed digest/) },
        });
      } finally {
        await unsealed.close();
      }
    });

    it('npm run verify works on EventStoreDB: 0 with the head to write down, 1 naming the altered event', async () => {
      const log = await sealedLog();
      try {
        await log.seal();
        const lines: string[] = [];
        const ctx = { config: { eventStore: 'eventstoredb' }, integrity: log.store, store: log.store } as unknown as CliContext;
        expect(await verifyCommand(ctx, (l) => lines.push(l))).toBe(0);
        expect(lines.join('\n')).toMatch(new RegExp(`^OK: hash chain intact over 4 events\\n  head: position ${log.events[3].globalPosition}, hash [0-9a-f]{64}$`));
        log.server.tamper(log.events[0].globalPosition, { data: { n: 0 } });
        lines.length = 0;
        expect(await verifyCommand(ctx, (l) => lines.push(l))).toBe(1);
        expect(lines.join('\n')).toContain(`ALTERED: first altered event at position ${log.events[0].globalPosition}: event ${log.events[0].eventId}, stream ${log.site}, type DraftSaved`);
      } finally {
        await log.close();
      }
    });

    it('seals each event once, also when its checkpoint is reset', async () => {
      const log = await sealedLog();
      try {
        await log.seal();
        await log.db.query(`UPDATE rm.projection_checkpoints SET position = 0 WHERE name = 'eventstoredb_log_digest'`);
        await log.seal();
        const { rows } = await log.db.query<{ n: number }>('SELECT count(*)::int AS n FROM es.esdb_log_digest');
        expect(rows[0].n).toBe(4);
        await expect(log.store.verifyChain()).resolves.toMatchObject({ ok: true, unsealed: 0 });
      } finally {
        await log.close();
      }
    });
  });

  describe('5. the projector wakes on the store’s subscription', () => {
    it('read-your-writes does not wait for the poll, and health sees the subscription', async () => {
      await db.query('TRUNCATE es.esdb_log_digest; DROP SCHEMA IF EXISTS rm CASCADE');
      await discardTreeFrom(db, 0);
      const { server, store } = open();
      const projector = new Projector({ db, store, projections: [...allProjections(), ...storeProjections(store)], pollMs: 60_000 });
      await projector.start();
      try {
        await new Promise((r) => setTimeout(r, 100));
        for (let i = 0; i < 3; i += 1) {
          const started = Date.now();
          const { position } = await store.append(uniqueStream('ryw'), [newEvent('DraftSaved', { i })], { expectedRevision: 'no_stream' });
          expect(await projector.waitFor(position, 5000)).toBe(true);
          expect(Date.now() - started).toBeLessThan(1000);
        }
        const lag = await projector.lag();
        expect(lag.subscription).toMatchObject({ position: lag.head, behind: 0, lastEventDelayMs: expect.any(Number), lastEventAt: expect.any(String) });
        expect(server.liveSubscriptions).toBe(1);

        // GET /api/health reports it.
        const answer: { status?: number; body?: unknown } = {};
        const res = {
          status(code: number) {
            answer.status = code;
            return this;
          },
          json(body: unknown) {
            answer.body = body;
            return this;
          },
        };
        const storage = { kind: 'local' as const, id: 'library-id', where: 'local folder' };
        // The library answers (its marker is there): only the store's part of health is under test here.
        const library = { head: async () => ({ path: '.punchline-storage' }) } as unknown as ConstructorParameters<typeof HealthHttpController>[4];
        const noProviders = { getProviders: () => [] } as unknown as ConstructorParameters<typeof HealthHttpController>[5];
        await new HealthHttpController(db, store, projector, storage, library, noProviders).health(res as unknown as Response);
        expect(answer).toMatchObject({
          status: 200,
          body: {
            eventStore: { ok: true, kind: 'eventstoredb', head: lag.head },
            projector: { leader: true, subscription: { position: lag.head, behind: 0 } },
            storage: { kind: 'local', id: 'library-id', ok: true },
            reactors: {},
          },
        });
      } finally {
        await projector.stop();
        expect(server.liveSubscriptions).toBe(0);
      }
    });
  });
});
