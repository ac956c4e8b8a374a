import { Projector, auditProjection, ensureReadModels, type Projection } from '@punchline/projections';
import { PgDatabase } from '../platform/database/pg-database';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { databaseKinds } from '../test-support/test-database';
import { appendEvents, auditPositions, checkpoints, delay, seenProjection, storeOnFreshDatabase } from './test-support/read-model.test-kit';

describe.each(databaseKinds())('projector on %s', (kind) => {
  const running: Projector[] = [];

  const projector = (options: Partial<ConstructorParameters<typeof Projector>[0]> = {}): Projector => {
    const p = new Projector({ db: fresh.database.db, store: fresh.store, projections: [auditProjection], pollMs: 200, leaderRetryMs: 200, ...options });
    running.push(p);
    return p;
  };

  const fresh = storeOnFreshDatabase(kind, { emptyEachTest: true });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop()));
  });

  it('applies every event exactly once, batch by batch, and moves the checkpoint with it', async () => {
    const head = await appendEvents(fresh.store, 25, 4);
    const p = projector({ projections: [auditProjection, seenProjection()], batchSize: 7 });
    await ensureReadModels(fresh.database.db, [auditProjection, seenProjection()]);
    const outcomes: (number | string)[] = [];
    for (;;) {
      const outcome = await p.processNextBatch();
      outcomes.push(outcome.kind === 'applied' ? outcome.events : outcome.kind);
      if (outcome.kind !== 'applied') break;
    }
    expect(outcomes).toEqual([7, 7, 7, 4, 'caught-up']);
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 25, distinct: 25, min: 1, max: 25 });
    expect(await checkpoints(fresh.database.db)).toEqual({ audit: head, seen: head });
    const { rows } = await fresh.database.db.query<{ actor_email: string; action: string; meta: unknown; stream_id: string }>(
      'SELECT actor_email, action, meta, stream_id FROM rm.audit_log WHERE position = 3',
    );
    expect(rows[0]).toMatchObject({ actor_email: 'admin2@example.com', action: 'DraftSaved', meta: { n: 2, changes: { site_title: 'Title 2' } } });
    expect(rows[0].stream_id).toMatch(/^site-/);
  });

  it('rolls back the whole batch when one projection throws: no rows, no checkpoint moved', async () => {
    await appendEvents(fresh.store, 12, 6);
    let failAt: number | null = 9;
    const seen = seenProjection({ failAt: () => failAt });
    const p = projector({ projections: [auditProjection, seen], batchSize: 50 });
    await ensureReadModels(fresh.database.db, [auditProjection, seen]);

    await expect(p.processNextBatch()).rejects.toThrow('seen: refusing position 9');
    expect((await auditPositions(fresh.database.db)).rows).toBe(0);
    expect((await fresh.database.db.query('SELECT * FROM rm.seen')).rows).toEqual([]);
    expect(await checkpoints(fresh.database.db)).toEqual({ audit: 0, seen: 0 });

    failAt = null;
    expect(await p.processNextBatch()).toEqual({ kind: 'applied', events: 12, position: 12 });
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 12, distinct: 12, min: 1, max: 12 });
    expect((await fresh.database.db.query('SELECT count(*)::int AS n FROM rm.seen')).rows[0]).toEqual({ n: 12 });
  });

  it('keeps retrying a failing batch in the background and catches up once it passes', async () => {
    const head = await appendEvents(fresh.store, 5, 5);
    let failAt: number | null = 3;
    const p = projector({ projections: [auditProjection, seenProjection({ failAt: () => failAt })], errorBackoffMs: 50 });
    await p.start();
    expect(await p.waitFor(head, 300)).toBe(false);
    failAt = null;
    expect(await p.waitFor(head, 5000)).toBe(true);
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 5, distinct: 5, min: 1, max: 5 });
  });

  it('waitFor resolves once the write is projected (read-your-writes) and times out when it is not', async () => {
    const p = projector();
    await p.start();
    const position = await appendEvents(fresh.store, 3, 3);
    expect(await p.waitFor(position, 5000)).toBe(true);
    expect((await auditPositions(fresh.database.db)).max).toBe(position);

    const started = Date.now();
    expect(await p.waitFor(position + 1000, 300)).toBe(false);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(1500);
    expect(await p.lag()).toEqual({ checkpoint: position, head: position, subscription: null });
  });

  it('wakes on NOTIFY instead of waiting for the next poll', async () => {
    const p = projector({ pollMs: 60_000 });
    await p.start();
    await p.waitFor(0, 1000);
    // Let the loop reach its idle wait: only a notification can end it before a minute.
    await delay(100);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const appended = Date.now();
      const position = await appendEvents(fresh.store, 1, 1);
      expect(await p.waitFor(position, 5000)).toBe(true);
      latencies.push(Date.now() - appended);
      await delay(20);
    }
    expect(Math.max(...latencies)).toBeLessThan(1000);
  });

  it('rebuilds a read model whose version changed, and an old-version projector leaves it alone', async () => {
    const head = await appendEvents(fresh.store, 8, 4);
    const v1 = projector();
    await v1.start();
    expect(await v1.waitFor(head, 5000)).toBe(true);
    await v1.stop();

    const auditV2: Projection = { ...auditProjection, version: auditProjection.version + 1 };
    expect(await ensureReadModels(fresh.database.db, [auditV2])).toEqual({ created: [], rebuilt: ['audit'] });
    expect(await checkpoints(fresh.database.db)).toEqual({ audit: 0 });
    expect((await auditPositions(fresh.database.db)).rows).toBe(0);

    const stale = projector();
    expect(await stale.processNextBatch()).toEqual({ kind: 'caught-up', position: 0 });
    expect((await auditPositions(fresh.database.db)).rows).toBe(0);

    const v2 = projector({ projections: [auditV2] });
    await v2.start();
    expect(await v2.waitFor(head, 5000)).toBe(true);
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 8, distinct: 8, min: 1, max: 8 });
    expect(await ensureReadModels(fresh.database.db, [auditV2])).toEqual({ created: [], rebuilt: [] });
  });
});

// Two projectors racing need two real connections and session advisory locks: PostgreSQL only.
const describeIf = process.env.DATABASE_URL ? describe : describe.skip;

describeIf('projector leadership on postgres', () => {
  const cleanup: (() => Promise<void>)[] = [];

  const fresh = storeOnFreshDatabase('postgres', { emptyEachTest: true });
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('a second projector that moves the checkpoint first makes the first roll back and re-read', async () => {
    const head = await appendEvents(fresh.store, 20, 5);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = true;
    const slow = new Projector({ db: fresh.database.db, store: fresh.store, projections: [seenProjection({ gate: () => (gated ? gate : Promise.resolve()) }), auditProjection] });
    await ensureReadModels(fresh.database.db, [seenProjection(), auditProjection]);
    const fast = new Projector({ db: fresh.database.db, store: fresh.store, projections: [seenProjection(), auditProjection] });

    const slowBatch = slow.processNextBatch();
    await delay(200);
    gated = false;
    // The slow one holds the checkpoint rows, so the fast one waits on them, then finds them moved.
    const fastBatch = fast.processNextBatch();
    await delay(200);
    release();
    expect(await slowBatch).toEqual({ kind: 'applied', events: 20, position: head });
    expect(await fastBatch).toEqual({ kind: 'conflict' });
    expect(await fast.processNextBatch()).toEqual({ kind: 'caught-up', position: head });
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 20, distinct: 20, min: 1, max: 20 });
  });

  it('only the leader applies; the other serves waitFor and takes over when the leader stops', async () => {
    const second = new PgDatabase(fresh.database.url!);
    cleanup.push(() => second.close());
    const a = new Projector({ db: fresh.database.db, store: fresh.store, projections: [auditProjection], leaderRetryMs: 200, pollMs: 200 });
    const b = new Projector({ db: second, store: new PostgresEventStore(second), projections: [auditProjection], leaderRetryMs: 200, pollMs: 200 });
    cleanup.push(() => a.stop(), () => b.stop());
    await a.start();
    await a.waitFor(0, 1000);
    await delay(100);
    await b.start();

    const first = await appendEvents(fresh.store, 30, 3);
    expect(await b.waitFor(first, 5000)).toBe(true);
    // b can see the committed checkpoint before a's process has counted the batch it just committed.
    expect(await a.waitFor(first, 5000)).toBe(true);
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
    expect(a.stats.appliedEvents).toBe(30);
    expect(b.stats.appliedEvents).toBe(0);

    // The non-leader hears each batch's NOTIFY instead of waiting for its 1 s fallback poll.
    const lags: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const position = await appendEvents(fresh.store, 1, 1);
      expect(await a.waitFor(position, 5000)).toBe(true);
      const seenByLeader = Date.now();
      expect(await b.waitFor(position, 5000)).toBe(true);
      lags.push(Date.now() - seenByLeader);
    }
    expect(lags.sort((x, y) => x - y)[2]).toBeLessThan(300);

    await a.stop();
    const second10 = await appendEvents(fresh.store, 10, 5);
    expect(await b.waitFor(second10, 5000)).toBe(true);
    expect(b.isLeader).toBe(true);
    expect(b.stats.appliedEvents).toBe(10);
    expect(await auditPositions(fresh.database.db)).toEqual({ rows: 45, distinct: 45, min: 1, max: 45 });
  });
});
