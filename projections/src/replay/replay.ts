import { performance } from 'node:perf_hooks';
import type { EventStore, RecordedEvent } from '@punchline/domain';
import type { Database, SqlClient } from '../ports/database.port';
import { assertIdentifier, qualified, type Projection } from '../projection';
import { planBatch, readFrom, type ProjectionCursor } from '../runner/batch-plan';
import { CHECKPOINT_TABLE, LIVE_SCHEMA, LOCK_KEYS, PROJECTED_CHANNEL, SWAPPED_CHANNEL, assertUniqueNames, createCheckpointTable, readCheckpoints } from '../runner/read-models';
import { firstDifference, tableDigest, tableExists } from './table-digest';
import { ensureTrigramExtension } from '../search';
import { createDeferredIndexes } from '../runner/deferred-indexes';

export interface ReplayProgress {
  /** Events applied so far. */
  events: number;
  /** Highest position reached. */
  position: number;
  /** Position the rebuild is heading for (may grow while live moves on). */
  target: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface TableComparison {
  projection: string;
  name: string;
  equal: boolean;
  liveRows: number;
  replayRows: number;
  /** Primary key of one differing row, when the tables differ and the live table exists. */
  firstDifference?: Record<string, unknown>;
}

export interface ReplayResult {
  /** Events applied during the rebuild. */
  events: number;
  /** Time spent rebuilding (reading and applying). */
  seconds: number;
  eventsPerSecond: number;
  /** Whole run including the comparison and the swap. */
  totalSeconds: number;
  /** Per projection, the position both sides were compared (and, with swap, installed) at. */
  positions: Record<string, number>;
  /** Each table's comparison (empty with swap and `compare: false`). */
  tables: TableComparison[];
  /** Every table equal. With swap: equality of the tables that were replaced (nothing compared: true). */
  equal: boolean;
  swapped: boolean;
}

export interface ReplayOptions {
  db: Database;
  store: EventStore;
  projections: Projection[];
  onProgress?: (progress: ReplayProgress) => void;
  /** Replace the live tables with the rebuilt ones, atomically (after a projection changed). */
  swap?: boolean;
  /** Events per read of the log (default 5000). */
  batchSize?: number;
  liveSchema?: string;
  /** Dropped first and at the end (default rm_replay). */
  replaySchema?: string;
  /** Leave the rebuilt schema in place for inspection (ignored with swap). */
  keepReplaySchema?: boolean;
  /**
   * With swap: install the tables without their deferred indexes (Projection.deferredIndexes),
   * which the projector leader then builds in the background; a restore does (runner/deferred-indexes.ts).
   */
  deferIndexes?: boolean;
  /**
   * With swap: digest both sides and name the first difference before replacing (default true).
   * A restore turns it off: the live tables are empty, and the comparison read every rebuilt row
   * twice (a digest, then EXCEPT ALL sorting each row as JSON), which over a million audit rows
   * cost more than rebuilding them. `tables` is then empty.
   */
  compare?: boolean;
  /**
   * With swap: the log's events from position 1 on, in order, handed over by the caller instead of
   * read from the store. A restore passes the events it is writing, so the rebuild does not read a
   * million events back (it would parse each twice). Whatever the store holds past them is still read.
   */
  feed?: AsyncIterable<RecordedEvent[]>;
}

/** Attempts at pinning a still point of the live checkpoints; only an in-process projector on PGlite can move them. */
const MAX_PIN_ATTEMPTS = 20;

/**
 * Rebuilds every read model from position 0 into a fresh schema and compares it with the live one
 * (DESIGN §5, `npm run replay`). Compare mode rebuilds each projection exactly up to its live
 * checkpoint: the bulk unlocked, the last stretch while holding the batch lock exclusively, which
 * pauses the projector on Postgres, so both sides are digested at the same positions in one
 * transaction. Swap mode rebuilds up to the head instead and then, under the same lock and in one
 * transaction, replaces the live tables and checkpoints (with the code's projection versions).
 */
export async function replay(options: ReplayOptions): Promise<ReplayResult> {
  const { db, store, projections } = options;
  assertUniqueNames(projections);
  const liveSchema = assertIdentifier(options.liveSchema ?? LIVE_SCHEMA, 'schema name');
  const replaySchema = assertIdentifier(options.replaySchema ?? 'rm_replay', 'schema name');
  if (liveSchema === replaySchema) throw new Error('The replay schema must differ from the live one');
  const batchSize = options.batchSize ?? 5000;
  const swap = options.swap === true;
  const startedAt = performance.now();

  await db.transaction(async (tx) => {
    await tx.query(`DROP SCHEMA IF EXISTS ${replaySchema} CASCADE`);
    await tx.query(`CREATE SCHEMA ${replaySchema}`);
    for (const projection of projections) await projection.migrate(tx, replaySchema);
  });

  const cursors: ProjectionCursor<Projection>[] = projections.map((projection) => ({ projection, position: 0, upTo: 0 }));
  const builder = new Builder(db, store, replaySchema, batchSize, options.onProgress);
  const targetsNow = async (client: SqlClient): Promise<Map<string, number>> =>
    swap ? uniform(projections, await store.headPosition()) : liveTargets(client, liveSchema, projections);

  if (options.feed) {
    if (!swap) throw new Error('A fed replay installs what it builds: use it with swap');
    await builder.consume(cursors, options.feed);
  }
  setTargets(cursors, await targetsNow(db), swap);
  await builder.build(cursors);
  // Only tables that will be installed need the screens' indexes (the comparison reads each table
  // whole, by primary key): swap builds them once over the loaded rows, before the last stretch,
  // and their time counts as rebuilding time so events per second stays the honest figure. Compare
  // mode skips them: the trigram index alone was half of a 100,000-event replay.
  if (swap) builder.seconds += await buildReadIndexes(db, projections, replaySchema, options.deferIndexes === true);

  let tables: TableComparison[] | null = null;
  const session = await db.dedicatedSession();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [LOCK_KEYS.batches]);
    for (let attempt = 1; tables === null; attempt += 1) {
      if (attempt > MAX_PIN_ATTEMPTS) throw new Error('The live checkpoints kept moving; stop the in-process projector and replay again');
      const pinned = await targetsNow(db);
      setTargets(cursors, pinned, swap);
      await builder.build(cursors);
      tables = await db.transaction(async (tx) => {
        if (!swap && !sameTargets(await liveTargets(tx, liveSchema, projections), pinned)) return null;
        const compared = swap && options.compare === false ? [] : await compareTables(tx, projections, liveSchema, replaySchema);
        if (swap) await swapTables(tx, cursors, liveSchema, replaySchema);
        return compared;
      });
    }
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [LOCK_KEYS.batches]).catch(() => undefined);
    await session.release();
  }
  if (swap || !options.keepReplaySchema) await db.query(`DROP SCHEMA IF EXISTS ${replaySchema} CASCADE`);

  return {
    events: builder.events,
    seconds: builder.seconds,
    eventsPerSecond: builder.eventsPerSecond(),
    totalSeconds: (performance.now() - startedAt) / 1000,
    positions: Object.fromEntries(cursors.map((c) => [c.projection.name, c.position])),
    tables,
    equal: tables.every((t) => t.equal),
    swapped: swap,
  };
}

/**
 * Builds each projection's read indexes over the loaded rows, side by side, one transaction each
 * (one trigram index over a million audit rows takes most of the time; the others finish beside
 * it), and its deferred ones unless `defer`. pg_trgm is installed first: two concurrent CREATE
 * EXTENSION can collide. Answers the seconds.
 */
async function buildReadIndexes(db: Database, projections: Projection[], schema: string, defer: boolean): Promise<number> {
  const started = performance.now();
  await db.transaction((tx) => ensureTrigramExtension(tx));
  const built = await Promise.allSettled(
    projections.map((projection) =>
      db.transaction(async (tx) => {
        await projection.readIndexes?.(tx, schema);
        if (!defer) await createDeferredIndexes(tx, projection, schema);
      }),
    ),
  );
  const failed = built.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return (performance.now() - started) / 1000;
}

/** Reads the log in large batches (the next read overlapping the current apply) and applies them to the replay schema. */
class Builder {
  events = 0;
  seconds = 0;
  private target = 0;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    private readonly schema: string,
    private readonly batchSize: number,
    private readonly onProgress?: (progress: ReplayProgress) => void,
  ) {}

  eventsPerSecond(): number {
    return this.seconds > 0 ? Math.round(this.events / this.seconds) : 0;
  }

  async build(cursors: ProjectionCursor<Projection>[]): Promise<void> {
    this.target = Math.max(this.target, ...cursors.map((c) => c.upTo ?? 0));
    const from = readFrom(cursors);
    if (from === null) return;
    const started = performance.now();
    let pending: Promise<RecordedEvent[]> | null = this.read(from);
    try {
      while (pending) {
        const events = await pending;
        pending = null;
        const apply = this.plan(cursors, events);
        if (!apply) break;
        const nextFrom = readFrom(cursors);
        if (nextFrom !== null) pending = this.read(nextFrom);
        await apply(started);
      }
    } finally {
      this.seconds += (performance.now() - started) / 1000;
    }
  }

  /** The fed bulk (ReplayOptions.feed): no bound, each batch applied while the next is prepared. */
  async consume(cursors: ProjectionCursor<Projection>[], feed: AsyncIterable<RecordedEvent[]>): Promise<void> {
    for (const cursor of cursors) cursor.upTo = undefined;
    const started = performance.now();
    const batches = feed[Symbol.asyncIterator]();
    try {
      let next = batches.next();
      for (;;) {
        const batch = await next;
        if (batch.done) break;
        this.target = Math.max(this.target, batch.value.at(-1)?.globalPosition ?? 0);
        const apply = this.plan(cursors, batch.value);
        next = batches.next();
        // A failed apply must not leave the next batch's rejection unhandled.
        next.catch(() => undefined);
        if (apply) await apply(started);
      }
    } catch (error) {
      await batches.return?.(undefined).catch(() => undefined);
      throw error;
    } finally {
      this.seconds += (performance.now() - started) / 1000;
    }
  }

  /** Slices a batch among the cursors and moves them on; answers the apply, or null when no projection wants any of it. */
  private plan(cursors: ProjectionCursor<Projection>[], events: RecordedEvent[]): ((started: number) => Promise<void>) | null {
    const slices = planBatch(cursors, events);
    if (slices.length === 0) return null;
    const last = Math.max(...slices.map((s) => s.next));
    const first = Math.min(...slices.map((s) => s.expected));
    for (const slice of slices) {
      const cursor = cursors.find((c) => c.projection === slice.projection);
      if (cursor) cursor.position = slice.next;
    }
    return async (started) => {
      await this.db.transaction(async (tx) => {
        for (const slice of slices) {
          if (slice.events.length > 0) await slice.projection.apply(tx, this.schema, slice.events);
        }
      });
      this.events += events.filter((e) => e.globalPosition > first && e.globalPosition <= last).length;
      const seconds = this.seconds + (performance.now() - started) / 1000;
      this.onProgress?.({ events: this.events, position: last, target: this.target, seconds, eventsPerSecond: seconds > 0 ? Math.round(this.events / seconds) : 0 });
    };
  }

  private read(fromPosition: number): Promise<RecordedEvent[]> {
    const read = this.store.readAll({ fromPosition, limit: this.batchSize });
    // A read started before a failed apply must not surface as an unhandled rejection; awaiting it still throws.
    read.catch(() => undefined);
    return read;
  }
}

function setTargets(cursors: ProjectionCursor<Projection>[], targets: Map<string, number>, swap: boolean): void {
  for (const cursor of cursors) {
    const target = targets.get(cursor.projection.name) ?? 0;
    if (target < cursor.position) {
      // Only a rebuild in place (version change) moves a checkpoint back; the two sides can no longer meet.
      throw new Error(
        `The live checkpoint of ${cursor.projection.name} went back from ${cursor.position} to ${target} during replay${swap ? '' : ' (rebuilt in place?)'}; replay again`,
      );
    }
    cursor.upTo = target;
  }
}

function uniform(projections: Projection[], position: number): Map<string, number> {
  return new Map(projections.map((p) => [p.name, position]));
}

/** Live checkpoint per projection; 0 where the live side has none (never migrated). */
async function liveTargets(client: SqlClient, liveSchema: string, projections: Projection[]): Promise<Map<string, number>> {
  const live = (await tableExists(client, liveSchema, CHECKPOINT_TABLE)) ? await readCheckpoints(client, liveSchema) : [];
  const byName = new Map(live.map((c) => [c.name, c.position]));
  return new Map(projections.map((p) => [p.name, byName.get(p.name) ?? 0]));
}

function sameTargets(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([name, position]) => b.get(name) === position);
}

async function compareTables(tx: SqlClient, projections: Projection[], liveSchema: string, replaySchema: string): Promise<TableComparison[]> {
  const result: TableComparison[] = [];
  for (const projection of projections) {
    for (const table of projection.tables) {
      const live = await tableDigest(tx, liveSchema, table.name);
      const rebuilt = await tableDigest(tx, replaySchema, table.name);
      if (!rebuilt) throw new Error(`Projection ${projection.name} did not create ${replaySchema}.${table.name}`);
      const equal = live !== null && live.rows === rebuilt.rows && live.digest === rebuilt.digest;
      const comparison: TableComparison = { projection: projection.name, name: table.name, equal, liveRows: live?.rows ?? 0, replayRows: rebuilt.rows };
      if (!equal && live) {
        const key = await firstDifference(tx, { schema: liveSchema, table }, { schema: replaySchema, table });
        if (key) comparison.firstDifference = key;
      }
      result.push(comparison);
    }
  }
  return result;
}

/** Moves the rebuilt tables into the live schema and records their positions and versions, in the caller's transaction. */
async function swapTables(tx: SqlClient, cursors: ProjectionCursor<Projection>[], liveSchema: string, replaySchema: string): Promise<void> {
  await createCheckpointTable(tx, liveSchema);
  for (const { projection, position } of cursors) {
    for (const table of projection.tables) {
      await tx.query(`DROP TABLE IF EXISTS ${qualified(liveSchema, table.name)} CASCADE`);
      await tx.query(`ALTER TABLE ${qualified(replaySchema, table.name)} SET SCHEMA ${liveSchema}`);
    }
    await tx.query(
      `INSERT INTO ${qualified(liveSchema, CHECKPOINT_TABLE)} (name, version, position) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, position = EXCLUDED.position, updated_at = now()`,
      [projection.name, projection.version, position],
    );
  }
  await tx.query('SELECT pg_notify($1, $2)', [PROJECTED_CHANNEL, String(Math.max(0, ...cursors.map((c) => c.position)))]);
  await tx.query('SELECT pg_notify($1, $2)', [SWAPPED_CHANNEL, liveSchema]);
}
