import type { EventStore, RecordedEvent } from '@punchline/domain';
import { type Database, type Projection, Projector, type SqlClient, allProjections, ensureReadModels } from '@punchline/projections';
import { migrate } from '../../platform/database/migrations';
import { PostgresEventStore, postgresStoreMigrations } from '../../platform/event-store/postgres-event-store';
import { freshStore, newEvent, uniqueStream } from '../../platform/event-store/test-support/event-store.test-kit';

export { freshStore };
import { type DatabaseKind, type TestDatabase, createTestDatabase } from '../../test-support/test-database';

/** Helpers shared by the projector, replay and CLI suites (test-support/ is left out of the build). */

/** Empties the log and drops the read models, so each test of a suite starts from position 0. */
export async function resetDatabase(db: Database): Promise<void> {
  await db.query('TRUNCATE es.events, es.streams');
  await db.query('DROP SCHEMA IF EXISTS rm CASCADE; DROP SCHEMA IF EXISTS rm_replay CASCADE');
}

/** Appends `count` events in appends of `perAppend` over a few streams and actors; returns the last position. */
export async function appendEvents(store: EventStore, count: number, perAppend = 10, type = 'DraftSaved'): Promise<number> {
  const streams = [uniqueStream('site'), uniqueStream('contact'), uniqueStream('media')];
  let position = 0;
  for (let done = 0; done < count; done += perAppend) {
    const n = Math.min(perAppend, count - done);
    const events = Array.from({ length: n }, (_, i) => {
      const e = newEvent(type, { n: done + i, changes: { site_title: `Title ${done + i}` } });
      return { ...e, metadata: { ...e.metadata, actorEmail: `admin${(done + i) % 3}@example.com` } };
    });
    position = (await store.append(streams[(done / perAppend) % streams.length], events, { expectedRevision: 'any' })).position;
  }
  return position;
}

export async function auditPositions(db: SqlClient, schema = 'rm'): Promise<{ rows: number; distinct: number; min: number; max: number }> {
  const { rows } = await db.query<{ rows: number; distinct: number; min: number | null; max: number | null }>(
    `SELECT count(*)::int AS rows, count(DISTINCT position)::int AS distinct, min(position) AS min, max(position) AS max FROM ${schema}.audit_log`,
  );
  return { rows: rows[0].rows, distinct: rows[0].distinct, min: Number(rows[0].min ?? 0), max: Number(rows[0].max ?? 0) };
}

export async function checkpoints(db: SqlClient, schema = 'rm'): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string; position: number }>(`SELECT name, position FROM ${schema}.projection_checkpoints ORDER BY name`);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.position)]));
}

/**
 * A second read model for tests: one row per event in `seen`. `failAt` makes apply throw after it has
 * written the rows before that position, to prove a failed batch leaves nothing behind.
 */
export function seenProjection(options: { failAt?: () => number | null; gate?: () => Promise<void> } = {}): Projection {
  return {
    name: 'seen',
    version: 1,
    tables: [{ name: 'seen', primaryKey: ['position'] }],
    async migrate(tx: SqlClient, schema: string) {
      await tx.query(`CREATE TABLE IF NOT EXISTS ${schema}.seen (position bigint PRIMARY KEY, type text NOT NULL)`);
    },
    async apply(tx: SqlClient, schema: string, events: RecordedEvent[]) {
      await options.gate?.();
      const failAt = options.failAt?.() ?? null;
      const before = failAt === null ? events : events.filter((e) => e.globalPosition < failAt);
      if (before.length > 0) {
        await tx.query(`INSERT INTO ${schema}.seen (position, type) SELECT * FROM unnest($1::bigint[], $2::text[])`, [
          before.map((e) => e.globalPosition),
          before.map((e) => e.type),
        ]);
      }
      if (before.length < events.length) throw new Error(`seen: refusing position ${failAt}`);
    },
  };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A fresh database of `kind` with the event store's tables for the describe block it is called in,
 * dropped after it; with `emptyEachTest`, the log and the read models are emptied before each test.
 */
export function storeOnFreshDatabase(kind: DatabaseKind, options: { emptyEachTest?: boolean } = {}): { readonly database: TestDatabase; readonly store: PostgresEventStore } {
  let database: TestDatabase | undefined;
  let store: PostgresEventStore | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await freshStore(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });
  if (options.emptyEachTest) beforeEach(async () => resetDatabase(database!.db));
  return {
    get database() {
      return database!;
    },
    get store() {
      return store!;
    },
  };
}

/** The event store's tables and every read model on `db`, with a projector running over all of them (the caller stops it). */
export async function projectedStore(db: Database, pollMs = 50): Promise<{ store: PostgresEventStore; projector: Projector }> {
  await migrate(db, postgresStoreMigrations);
  await ensureReadModels(db, allProjections());
  const store = new PostgresEventStore(db);
  const projector = new Projector({ db, store, projections: allProjections(), pollMs });
  await projector.start();
  return { store, projector };
}
