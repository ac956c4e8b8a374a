/**
 * The one given/then of projection tests (issue 9), sibling of domain's deciderSpecification: given
 * the events recorded, then these rows are in the read model. Every projection is tested with it.
 *
 *   describe.each(databaseKinds())('audit projection on %s', (kind) => {
 *     const given = projectionSpecification(auditProjection, { kind });
 *     it('…', () => given({ type: 'DraftSaved', data: {…} }).then('SELECT … FROM rm.audit_log', [{…}]));
 *   });
 *
 * Why it lives here: a projection is proven on a real database, and the database adapters (PGlite,
 * pg) and createTestDatabase are backend's; projections/ may import only domain/ (eslint.config.mjs),
 * so neither this helper nor the specs that use it can be in projections/src. Those specs are
 * backend/src/<feature>/<projection>.projection.int.spec.ts, beside the feature's read side;
 * projections/src keeps its *.unit.spec.ts of the pure mapping functions. Test-only: test-support/
 * is left out of backend's build.
 *
 * Per suite (the describe that calls projectionSpecification) one fresh database of `kind`; per case
 * an empty read-model schema made by the projector's own set-up (ensureReadModels), then each `given`
 * batch applied by Projector.processNextBatch: one transaction that moves the checkpoint and calls
 * the projection's apply, exactly as in production. A later `.given(…)` is a later batch, so apply
 * also reads back the rows the earlier batches committed. Return (or await) the promise `then` gives;
 * the chain before it is not one (tsc refuses to await it).
 */
import type { EventMetadata, EventStore, RecordedEvent } from '@punchline/domain';
import { LIVE_SCHEMA, Projector, ensureReadModels, type Database, type Projection } from '@punchline/projections';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

/** The envelope of a given event that names none of it; expected rows may refer to these. */
export const GIVEN = {
  streamId: 'test-stream',
  actorEmail: 'ada@example.com',
  occurredAt: '2025-03-01T12:00:00.000Z',
  recordedAt: '2025-03-01T12:00:01.000Z',
  /** Event ids follow the global position: 1 → 00000000-0000-4000-8000-000000000001. */
  eventId: (position: number): string => `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
};

type AnyEvent = { type: string; data: unknown };

/**
 * An event as a test gives it: type and data (checked against `Event`), any envelope field to pin.
 * Positions count on from the previous event (from 1), stream revisions per stream (from 0).
 */
export type GivenEvent<Event extends AnyEvent = AnyEvent> = Event &
  Partial<Omit<RecordedEvent, 'type' | 'data' | 'metadata'>> & { metadata?: Partial<EventMetadata> };

export interface ProjectionExpectations<Event extends AnyEvent> {
  /** A later batch: its own transaction, applied after the earlier ones committed. */
  given(...events: GivenEvent<Event>[]): ProjectionExpectations<Event>;
  /** The rows `sql` returns equal `expected` (timestamps as ISO text; tables are in schema rm). */
  then(sql: string, expected: Record<string, unknown>[]): Promise<void>;
  /** What `read` (a read-side service, say) makes of the read model equals `expected`. */
  then<T>(read: (db: Database) => Promise<T>, expected: T): Promise<void>;
}

export interface ProjectionSpecificationOptions {
  /** Database of the suite (default PGlite); pass the kind of describe.each(databaseKinds()). */
  kind?: DatabaseKind;
  /** Stream of the given events that name none (default GIVEN.streamId). */
  streamId?: string;
}

/** Call it in a describe body: it opens the suite's database before its tests and drops it after. */
export function projectionSpecification<Event extends AnyEvent = AnyEvent>(projection: Projection, options: ProjectionSpecificationOptions = {}) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options.kind ?? 'pglite');
  });
  afterAll(async () => {
    await database?.drop();
  });

  const expectations = (batches: GivenEvent<Event>[][]): ProjectionExpectations<Event> => ({
    given: (...events) => expectations([...batches, events]),
    async then(query: string | ((db: Database) => Promise<unknown>), expected: unknown): Promise<void> {
      if (!database) throw new Error('projectionSpecification must be called in a describe body');
      const { db } = database;
      await db.query(`DROP SCHEMA IF EXISTS ${LIVE_SCHEMA} CASCADE`);
      await ensureReadModels(db, [projection]);
      const log = new GivenLog();
      const projector = new Projector({ db, store: log, projections: [projection], batchSize: Number.MAX_SAFE_INTEGER });
      for (const batch of batches) {
        const recorded = log.record(batch, options.streamId ?? GIVEN.streamId);
        if (recorded.length === 0) continue;
        expect(await projector.processNextBatch()).toEqual({ kind: 'applied', events: recorded.length, position: recorded[recorded.length - 1].globalPosition });
      }
      const actual = typeof query === 'string' ? (await db.query(query)).rows.map(isoTimestamps) : await query(db);
      expect(actual).toEqual(expected);
    },
  });

  return (...events: GivenEvent<Event>[]): ProjectionExpectations<Event> => expectations([events]);
}

/** pg and PGlite hand timestamptz back as Date; expected rows name instants as ISO text, as the read side does. */
function isoTimestamps(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value instanceof Date ? value.toISOString() : value]));
}

/** The log the projector reads here: the given events and nothing else. */
class GivenLog implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly events: RecordedEvent[] = [];

  /** Appends a batch, filling in what the test left out. */
  record(batch: GivenEvent[], defaultStream: string): RecordedEvent[] {
    return batch.map(({ metadata, ...given }) => {
      const previous = this.events[this.events.length - 1];
      const globalPosition = given.globalPosition ?? (previous?.globalPosition ?? 0) + 1;
      const streamId = given.streamId ?? defaultStream;
      const streamRevision = given.streamRevision ?? this.events.filter((e) => e.streamId === streamId).length;
      const event: RecordedEvent = {
        eventId: GIVEN.eventId(globalPosition),
        schemaVersion: 1,
        recordedAt: GIVEN.recordedAt,
        ...given,
        streamId,
        streamRevision,
        globalPosition,
        metadata: { actorEmail: GIVEN.actorEmail, correlationId: 'test', causationId: null, occurredAt: GIVEN.occurredAt, ...metadata },
      };
      this.events.push(event);
      return event;
    });
  }

  async readAll({ fromPosition, limit }: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    return this.events.filter((e) => e.globalPosition > fromPosition).slice(0, limit);
  }

  async headPosition(): Promise<number> {
    return this.events[this.events.length - 1]?.globalPosition ?? 0;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.events.filter((e) => e.streamId === streamId);
  }

  append(): never {
    throw new Error('A projection specification records events through given(…)');
  }

  subscribe(): never {
    throw new Error('A projection specification has no subscriptions');
  }

  async close(): Promise<void> {}
}
