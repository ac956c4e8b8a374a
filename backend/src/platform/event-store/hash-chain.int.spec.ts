import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test-support/test-database';
import { migrate } from '../database/migrations';
import { chainExportLine, eventHash } from '@punchline/projections';
import { verifyChain, verifyChainExport } from './hash-chain';
import { type EventRow, PostgresEventStore, postgresStoreMigrations } from './postgres-event-store';
import { freshStore, newEvent, uniqueStream } from './test-support/event-store.test-kit';

// PGlite start-up and fresh databases can be slow on a loaded machine; hooks share this limit.
jest.setTimeout(30_000);

/** Values whose jsonb round trip changes their text (key order, number spelling, escapes) but not their meaning. */
const AWKWARD_DATA: unknown[] = [
  { b: 1, a: 2, ä: 'ü', '😀': 'emoji 😀 and 中文', nested: { z: [3, { y: null, x: true }], a: {} } },
  { half: 1.5, tiny: 1e-7, big: 1e21, maxSafe: 2 ** 53 - 1, minSafe: -(2 ** 53 - 1), negZero: -0, pointThree: 0.1 + 0.2 },
  { quotes: 'say "hi"\\ back\nslash\t tab', html: '<script>&amp;</script>', empty: '', list: [], unicodeEscape: '\u00e9\u2028' },
  ['top', 'level', 'array', 1, null],
  'just a string',
  42,
  null,
];

/** A row as stored: data and metadata as the JSON text, with the chain's hashes. */
type RawEvent = Omit<EventRow, 'data' | 'metadata' | 'created_at'> & { data: string; metadata: string; created_at: Date; prev_hash: string; hash: string };

describe.each(databaseKinds())('hash chain: %s', (kind) => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await freshStore(database.db);
    const stream = uniqueStream('chain');
    await store.append(stream, AWKWARD_DATA.slice(0, 3).map((data, i) => newEvent(`Awkward${i}`, data)), { expectedRevision: 'no_stream' });
    await store.append(uniqueStream('chain-other'), AWKWARD_DATA.slice(3).map((data, i) => newEvent(`Odd${i}`, data)), { expectedRevision: 'no_stream' });
    await store.append(stream, [newEvent('Closing', { ok: true })], { expectedRevision: 2 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const total = AWKWARD_DATA.length + 1;

  async function row(position: number): Promise<RawEvent> {
    const { rows } = await database.db.query<RawEvent>(
      'SELECT global_position, stream_id, stream_revision, event_id::text, type, schema_version, data::text AS data, metadata::text AS metadata, created_at, prev_hash, hash FROM es.events WHERE global_position = $1',
      [position],
    );
    return rows[0];
  }

  /**
   * Tampers, checks what verifyChain says, then undoes the tampering so each case starts from a
   * clean chain. The database sums each range of positions up and a range that holds is taken whole
   * (checkedRanges): with ranges of one and of two events too, so each break also falls at a
   * range's edge, between ranges that each hold by themselves; it must be named the same.
   */
  async function tamper(change: () => Promise<unknown>, undo: () => Promise<unknown>) {
    await change();
    try {
      const whole = await verifyChain(database.db);
      expect(await verifyChain(database.db, { batchSize: 1 })).toEqual(whole);
      expect(await verifyChain(database.db, { batchSize: 2 })).toEqual(whole);
      return whole;
    } finally {
      await undo();
      await expect(verifyChain(database.db)).resolves.toMatchObject({ ok: true, verified: total, firstInvalid: null });
    }
  }

  it('verifies a clean chain, including values jsonb rewrites', async () => {
    await expect(verifyChain(database.db)).resolves.toMatchObject({ ok: true, verified: total, firstInvalid: null });
    const read = await store.readAll({ fromPosition: 0, limit: 100 });
    expect(read.slice(0, 3).map((e) => e.data)).toEqual(JSON.parse(JSON.stringify(AWKWARD_DATA.slice(0, 3))));
  });

  it('verifies across batch boundaries', async () => {
    await expect(verifyChain(database.db, { batchSize: 2 })).resolves.toEqual(await verifyChain(database.db, { batchSize: 1000 }));
    await expect(verifyChain(database.db, { batchSize: 2 })).resolves.toMatchObject({ ok: true, verified: total, head: { position: total } });
  });

  it('names the event whose data was edited', async () => {
    const target = await row(2);
    const result = await tamper(
      () => database.db.query(`UPDATE es.events SET data = jsonb_set(data::jsonb, '{half}', '2.5') WHERE global_position = 2`),
      () => database.db.query('UPDATE es.events SET data = $1::jsonb WHERE global_position = 2', [target.data]),
    );
    expect(result).toEqual({
      ok: false,
      verified: 1,
      head: { position: 1, hash: (await row(1)).hash },
      firstInvalid: { position: 2, eventId: target.event_id, streamId: target.stream_id, type: 'Awkward1', reason: expect.stringContaining('hash') },
      unsealed: 0,
    });
  });

  it('names the event whose metadata was edited', async () => {
    const target = await row(5);
    const result = await tamper(
      () => database.db.query(`UPDATE es.events SET metadata = jsonb_set(metadata::jsonb, '{actorEmail}', '"mallory@example.com"') WHERE global_position = 5`),
      () => database.db.query('UPDATE es.events SET metadata = $1::jsonb WHERE global_position = 5', [target.metadata]),
    );
    expect(result).toMatchObject({ ok: false, verified: 4, firstInvalid: { position: 5, eventId: target.event_id, type: target.type } });
  });

  it('names the event after a deleted one', async () => {
    const deleted = await row(3);
    const next = await row(4);
    const result = await tamper(
      () => database.db.query('DELETE FROM es.events WHERE global_position = 3'),
      () =>
        database.db.query(
          `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, created_at, prev_hash, hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11)`,
          [3, deleted.stream_id, deleted.stream_revision, deleted.event_id, deleted.type, deleted.schema_version, deleted.data, deleted.metadata, deleted.created_at, deleted.prev_hash, deleted.hash],
        ),
    );
    expect(result).toMatchObject({ ok: false, verified: 2, firstInvalid: { position: 4, eventId: next.event_id, reason: expect.stringContaining('position 3 is missing') } });
  });

  it('names the first of two swapped events', async () => {
    const first = await row(6);
    const swap = async () => {
      await database.db.transaction(async (tx) => {
        await tx.query('UPDATE es.events SET global_position = -1 WHERE global_position = 6');
        await tx.query('UPDATE es.events SET global_position = 6 WHERE global_position = 7');
        await tx.query('UPDATE es.events SET global_position = 7 WHERE global_position = -1');
      });
    };
    const result = await tamper(swap, swap);
    expect(result).toMatchObject({ ok: false, verified: 5, firstInvalid: { position: 6 } });
    expect(result).not.toMatchObject({ firstInvalid: { eventId: first.event_id } });
  });

  it('catches an edit whose hash was recomputed, at the broken link after it', async () => {
    const target = await row(1);
    const next = await row(2);
    const forgedData = { forged: true };
    const forgedHash = eventHash(target.prev_hash, {
      globalPosition: 1,
      streamId: target.stream_id,
      streamRevision: target.stream_revision,
      eventId: target.event_id,
      type: target.type,
      schemaVersion: target.schema_version,
      data: forgedData,
      metadata: JSON.parse(target.metadata),
    });
    const result = await tamper(
      () => database.db.query('UPDATE es.events SET data = $1::jsonb, hash = $2 WHERE global_position = 1', [JSON.stringify(forgedData), forgedHash]),
      () => database.db.query('UPDATE es.events SET data = $1::jsonb, hash = $2 WHERE global_position = 1', [target.data, target.hash]),
    );
    expect(result).toMatchObject({ ok: false, verified: 1, firstInvalid: { position: 2, eventId: next.event_id, reason: expect.stringContaining('prev_hash') } });
  });

  it('exports lines the database writes that say what chainExportLine says, and verify offline', async () => {
    // A stream name with a quote, a backslash, a control character and non-ASCII text: the database escapes it.
    const awkwardStream = `${uniqueStream('chain')}-"q"\\\u0001ü`;
    await store.append(awkwardStream, [newEvent('Awkward"Type', { x: 1 })], { expectedRevision: 'no_stream' });
    try {
      const lines: string[] = [];
      for await (const line of store.exportLines({ batchSize: 3 })) lines.push(line);
      const records = await store.readAll({ fromPosition: 0, limit: 100 });
      expect(lines).toHaveLength(total + 1);
      // readAll carries no hashes: compare the rest here, the hashes are checked by verifying the export.
      const withoutHashes = (line: string) => {
        const { prev_hash: prevHash, hash, ...rest } = JSON.parse(line) as Record<string, unknown>;
        expect([typeof prevHash, typeof hash]).toEqual(['string', 'string']);
        return rest;
      };
      expect(lines.map(withoutHashes)).toEqual(records.map((record) => withoutHashes(chainExportLine({ ...record, prevHash: '', hash: '' }))));
      await expect(verifyChainExport((async function* () { yield JSON.stringify({ format: 'punchline-event-log', version: 1, gapless: true }); yield* lines; })())).resolves.toMatchObject({ ok: true, verified: total + 1 });
    } finally {
      await database.db.query('DELETE FROM es.events WHERE global_position = $1', [total + 1]);
      await database.db.query('DELETE FROM es.streams WHERE stream_id = $1', [awkwardStream]);
    }
  });

  it('keeps the chain intact across further appends', async () => {
    const result = await store.append(uniqueStream('after'), [newEvent('Later', { n: 1 })], { expectedRevision: 'any' });
    expect(result.position).toBe(total + 1);
    await expect(verifyChain(database.db)).resolves.toMatchObject({ ok: true, verified: total + 1, head: { position: total + 1 } });
    await database.db.query('DELETE FROM es.events WHERE global_position = $1', [total + 1]);
  });
});

describe.each(databaseKinds())('a log written as jsonb before migration 0002: %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Only 0001: payloads are jsonb, as every log written before 0002 has them.
    await migrate(database.db, postgresStoreMigrations.slice(0, 1));
    let prevHash = '';
    for (const [i, data] of AWKWARD_DATA.entries()) {
      const event = newEvent(`Legacy${i}`, data);
      const metadata = JSON.parse(JSON.stringify(event.metadata)) as unknown;
      const fields = { globalPosition: i + 1, streamId: 'legacy', streamRevision: i, eventId: event.eventId, type: event.type, schemaVersion: 1, data, metadata };
      const hash = eventHash(prevHash, { ...fields, data: JSON.parse(JSON.stringify(data)) as unknown });
      await database.db.query(
        `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
         VALUES ($1, 'legacy', $2, $3, $4, 1, $5::jsonb, $6::jsonb, $7, $8)`,
        [i + 1, i, event.eventId, event.type, JSON.stringify(data), JSON.stringify(metadata), prevHash, hash],
      );
      prevHash = hash;
    }
    await database.db.query(`INSERT INTO es.streams (stream_id, revision) VALUES ('legacy', $1)`, [AWKWARD_DATA.length - 1]);
    await migrate(database.db, postgresStoreMigrations);
  });
  afterAll(() => database.drop());

  it('verifies the rows jsonb wrote (their text is not canonical) and chains new appends on', async () => {
    const { rows } = await database.db.query<{ data: string }>(`SELECT data::text AS data FROM es.events WHERE global_position = 1`);
    expect(rows[0]!.data).toContain('": '); // jsonb's spelling, kept by the json column
    expect(await verifyChain(database.db, { batchSize: 3 })).toMatchObject({ ok: true, verified: AWKWARD_DATA.length });
    const store = new PostgresEventStore(database.db);
    await store.append('legacy', [newEvent('After', { b: 1, a: [2, 1] })], { expectedRevision: AWKWARD_DATA.length - 1 });
    await store.close();
    const after = await database.db.query<{ data: string }>(`SELECT data::text AS data FROM es.events WHERE type = 'After'`);
    expect(after.rows[0]!.data).toBe('{"a":[2,1],"b":1}'); // canonical: the text its hash covers
    expect(await verifyChain(database.db, { batchSize: 3 })).toMatchObject({ ok: true, verified: AWKWARD_DATA.length + 1 });
    await database.db.query(`UPDATE es.events SET data = '{"b": 2, "a": 2, "ä": "ü"}' WHERE global_position = 1`);
    expect(await verifyChain(database.db)).toMatchObject({ ok: false, verified: 0, firstInvalid: { position: 1, type: 'Legacy0' } });
  });
});
