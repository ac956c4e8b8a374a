import { Projector, auditProjection, ensureReadModels, replay, type Projection, type ReplayProgress } from '@punchline/projections';
import { databaseKinds } from '../test-support/test-database';
import { appendEvents, auditPositions, checkpoints, delay, seenProjection, storeOnFreshDatabase } from './test-support/read-model.test-kit';

describe.each(databaseKinds())('replay on %s', (kind) => {
  const projections: Projection[] = [auditProjection, seenProjection()];

  const projectAll = async (): Promise<number> => {
    const head = await fresh.store.headPosition();
    const p = new Projector({ db: fresh.database.db, store: fresh.store, projections, batchSize: 100 });
    await p.start();
    expect(await p.waitFor(head, 10_000)).toBe(true);
    await p.stop();
    return head;
  };

  const fresh = storeOnFreshDatabase(kind, { emptyEachTest: true });

  it('rebuilds every read model from position 0 and finds it equal to the live one', async () => {
    await appendEvents(fresh.store, 450, 15);
    const head = await projectAll();
    const progress: ReplayProgress[] = [];
    const result = await replay({ db: fresh.database.db, store: fresh.store, projections, batchSize: 100, onProgress: (p) => progress.push(p) });

    expect(result.equal).toBe(true);
    expect(result.events).toBe(head);
    expect(result.positions).toEqual({ audit: head, seen: head });
    expect(result.tables).toEqual([
      { projection: 'audit', name: 'audit_log', equal: true, liveRows: 450, replayRows: 450 },
      { projection: 'seen', name: 'seen', equal: true, liveRows: 450, replayRows: 450 },
    ]);
    expect(progress.map((p) => p.position)).toEqual([100, 200, 300, 400, 450]);
    expect(progress[progress.length - 1]).toMatchObject({ events: 450, target: 450 });
    const { rows } = await fresh.database.db.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = 'rm_replay'");
    expect(rows).toEqual([]);
  });

  it('detects a tampered read-model row and names the table and the row', async () => {
    await appendEvents(fresh.store, 40, 10);
    await projectAll();
    await fresh.database.db.query("UPDATE rm.audit_log SET actor_email = 'mallory@example.com' WHERE position = 7");

    const result = await replay({ db: fresh.database.db, store: fresh.store, projections });
    expect(result.equal).toBe(false);
    expect(result.tables).toEqual([
      { projection: 'audit', name: 'audit_log', equal: false, liveRows: 40, replayRows: 40, firstDifference: { position: 7 } },
      { projection: 'seen', name: 'seen', equal: true, liveRows: 40, replayRows: 40 },
    ]);
  });

  it('detects a deleted row by its count and names it', async () => {
    await appendEvents(fresh.store, 20, 10);
    await projectAll();
    await fresh.database.db.query('DELETE FROM rm.seen WHERE position = 20');
    const result = await replay({ db: fresh.database.db, store: fresh.store, projections });
    expect(result.tables.find((t) => t.name === 'seen')).toEqual({
      projection: 'seen',
      name: 'seen',
      equal: false,
      liveRows: 19,
      replayRows: 20,
      firstDifference: { position: 20 },
    });
  });

  it('compares at the live checkpoint when the projector lags behind the log', async () => {
    await appendEvents(fresh.store, 60, 10);
    await ensureReadModels(fresh.database.db, projections);
    const p = new Projector({ db: fresh.database.db, store: fresh.store, projections, batchSize: 25 });
    await p.processNextBatch();
    const result = await replay({ db: fresh.database.db, store: fresh.store, projections });
    expect(result.equal).toBe(true);
    expect(result.positions).toEqual({ audit: 25, seen: 25 });
    expect(result.tables.map((t) => t.replayRows)).toEqual([25, 25]);
  });

  it('swap replaces the live tables atomically and records the new projection version', async () => {
    await appendEvents(fresh.store, 30, 10);
    await projectAll();
    await fresh.database.db.query('DELETE FROM rm.audit_log WHERE position > 25');
    // A changed projection: its rebuilt tables and version replace the live ones.
    const auditV2: Projection = { ...auditProjection, version: 2 };
    const swapped = await replay({ db: fresh.database.db, store: fresh.store, projections: [auditV2, projections[1]], swap: true });
    expect(swapped).toMatchObject({ swapped: true, equal: false, positions: { audit: 30, seen: 30 } });
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 30, distinct: 30, min: 1, max: 30 });
    const { rows } = await fresh.database.db.query<{ name: string; version: number }>('SELECT name, version FROM rm.projection_checkpoints ORDER BY name');
    expect(rows).toEqual([
      { name: 'audit', version: 2 },
      { name: 'seen', version: 1 },
    ]);
    // The swapped tables keep their indexes and the version needs no in-place rebuild any more.
    expect(await ensureReadModels(fresh.database.db, [auditV2, projections[1]])).toEqual({ created: [], rebuilt: [] });
    const indexes = await fresh.database.db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE schemaname = 'rm' AND tablename = 'audit_log' ORDER BY 1");
    // The trigram search index exists where pg_trgm does (PostgreSQL, not PGlite: projections/src/search.ts).
    const search = kind === 'postgres' ? ['audit_log_search_idx'] : [];
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['audit_log_action_idx', 'audit_log_actor_idx', 'audit_log_occurred_at_idx', 'audit_log_pkey', ...search]);

    const p = new Projector({ db: fresh.database.db, store: fresh.store, projections: [auditV2, projections[1]] });
    await p.start();
    const head = await appendEvents(fresh.store, 5, 5);
    expect(await p.waitFor(head, 5000)).toBe(true);
    await p.stop();
    expect(await replay({ db: fresh.database.db, store: fresh.store, projections: [auditV2, projections[1]] })).toMatchObject({ equal: true, positions: { audit: 35, seen: 35 } });
  });

  it('swaps without comparing when asked (a restore: the live tables are empty)', async () => {
    await appendEvents(fresh.store, 5, 5);
    await projectAll();
    await fresh.database.db.query('DELETE FROM rm.audit_log');
    const swapped = await replay({ db: fresh.database.db, store: fresh.store, projections, swap: true, compare: false });
    expect(swapped).toMatchObject({ swapped: true, tables: [], positions: { audit: 5, seen: 5 } });
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 5, distinct: 5, min: 1, max: 5 });
    expect(await checkpoints(fresh.database.db)).toEqual({ audit: 5, seen: 5 });
  });

  it('keeps the rebuilt schema for inspection when asked', async () => {
    await appendEvents(fresh.store, 5, 5);
    await projectAll();
    await replay({ db: fresh.database.db, store: fresh.store, projections, keepReplaySchema: true, replaySchema: 'rm_inspect' });
    expect(await checkpoints(fresh.database.db)).toEqual({ audit: 5, seen: 5 });
    expect((await fresh.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_inspect.audit_log')).rows[0].n).toBe(5);
    await fresh.database.db.query('DROP SCHEMA rm_inspect CASCADE');
  });
});

// Replay pauses a projector in another connection through the batch lock: needs real PostgreSQL.
const describeIf = process.env.DATABASE_URL ? describe : describe.skip;

describeIf('replay while the projector and a writer keep going (postgres)', () => {

  const fresh = storeOnFreshDatabase('postgres');

  it('pins both sides at the same positions and finds them equal', async () => {
    await appendEvents(fresh.store, 2000, 50);
    const p = new Projector({ db: fresh.database.db, store: fresh.store, projections: [auditProjection], batchSize: 50, pollMs: 50 });
    await p.start();
    // Replay must meet a projector part-way, not one that has not yet taken its first batch
    // (on a slow machine the first batch can land after replay has pinned position 0).
    expect(await p.waitFor(100, 10_000)).toBe(true);
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await appendEvents(fresh.store, 20, 10);
        await delay(5);
      }
    })();
    try {
      const result = await replay({ db: fresh.database.db, store: fresh.store, projections: [auditProjection], batchSize: 500 });
      expect(result.equal).toBe(true);
      expect(result.tables[0].liveRows).toBe(result.positions.audit);
      expect(result.positions.audit).toBeGreaterThan(0);
    } finally {
      writing = false;
      await writer;
      await p.stop();
    }
    // The projector was paused, not broken: it catches up with everything afterwards.
    const p2 = new Projector({ db: fresh.database.db, store: fresh.store, projections: [auditProjection] });
    await p2.start();
    const head = await fresh.store.headPosition();
    expect(await p2.waitFor(head, 10_000)).toBe(true);
    await p2.stop();
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: head, distinct: head, min: 1, max: head });
  });
});
