import type { EventStore } from '@punchline/domain';
import { DomainError, SITE_STREAM } from '@punchline/domain';
import { Projector } from '@punchline/projections';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test-support/test-database';
import { AggregateRunners } from '../platform/event-sourcing/aggregate-runner';
import { Clock, IdSource } from '../platform/event-sourcing/clock';
import { SettingsReadService } from './settings-read.service';
import { type SiteRequest, SiteStream } from './site-stream';
import { projectedStore } from '../cli/test-support/read-model.test-kit';

const A = { actorEmail: 'a@example.com', correlationId: '00000000-0000-4000-8000-00000000000a' };
const B = { actorEmail: 'b@example.com', correlationId: '00000000-0000-4000-8000-00000000000b' };

// The facade adds the actor (the issuer's) and the time: a test states only the command.
const acquire: SiteRequest = { type: 'AcquireLock', data: {} };
const release: SiteRequest = { type: 'ReleaseLock', data: {} };
const snapshot = (snapshotId: string): SiteRequest => ({ type: 'SaveSnapshot', data: { label: snapshotId }, metadata: { snapshotId } });

/**
 * The aggregate as two app instances hold it: each SiteStream has its own cache over one real
 * event store. `racingStore` lets a test run the other instance's command right before an append,
 * which is exactly the interleaving a second instance produces under load.
 */
describe.each(databaseKinds())('SiteStream through the aggregate runner (cached, exact expected revision) on %s', (kind) => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let projector: Projector;
  let reads: SettingsReadService;

  const instance = (eventStore: EventStore = store): SiteStream => new SiteStream(new AggregateRunners(eventStore, projector, new Clock(), new IdSource()), reads);

  /** The real store, but before each of the next `times` appends `beforeAppend` runs first. */
  const racingStore = (times: number, beforeAppend: () => Promise<unknown>): EventStore => {
    let left = times;
    return new Proxy(store, {
      get(target, key, receiver) {
        if (key !== 'append') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<EventStore['append']>) => {
          if (left > 0) {
            left -= 1;
            await beforeAppend();
          }
          return target.append(...args);
        };
      },
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ store, projector } = await projectedStore(database.db));
    reads = new SettingsReadService(database.db);
  });
  afterAll(async () => {
    await projector.stop();
    await database.drop();
  });
  beforeEach(async () => {
    const cleanup = instance();
    await cleanup.execute(A, release);
    await cleanup.execute(B, release);
  });

  it('catches up from its cached revision: after the first command it reads only the new events', async () => {
    const mine = instance();
    const other = instance();
    await mine.execute(A, snapshot('catch-up-1'));
    await other.execute(B, snapshot('catch-up-2'));
    const before = (await store.readStream(SITE_STREAM)).length;
    const reads: (number | undefined)[] = [];
    const spy = jest.spyOn(store, 'readStream').mockImplementation(async (stream, options) => {
      reads.push(options?.fromRevision);
      spy.mockRestore();
      return store.readStream(stream, options);
    });
    const outcome = await mine.execute(A, snapshot('catch-up-3'));
    // One read, from just after the revision this instance had cached, which saw the other's snapshot.
    expect(reads).toEqual([before - 1]);
    expect(outcome.state.snapshots.map((s) => s.id).slice(-3)).toEqual(['catch-up-1', 'catch-up-2', 'catch-up-3']);
    expect(outcome.state.revision).toBe(before);
  });

  it('decides again after a write from another instance slipped in, so that write is respected', async () => {
    const b = instance();
    const a = instance(racingStore(1, () => b.execute(B, acquire)));
    // a decided "free lock" first; b's acquire landed before a's append; a retries and now sees b's lock.
    await expect(a.execute(A, acquire)).rejects.toMatchObject({ code: 'LOCKED', message: 'Draft locked by another editor.' });
    const events = await store.readStream(SITE_STREAM);
    expect(events.at(-1)).toMatchObject({ type: 'LockAcquired', data: { holderEmail: 'b@example.com' } });
  });

  it('appends on the retry when the decision still holds', async () => {
    const b = instance();
    const a = instance(racingStore(1, () => b.execute(B, snapshot(`race-${Date.now()}`))));
    const outcome = await a.execute(A, acquire);
    expect(outcome.events.map((e) => e.type)).toEqual(['LockAcquired']);
    expect((await reads.getLock())?.holder_email).toBe('a@example.com');
  });

  it('gives up with STALE_REVISION (409) when it loses the race on every one of its three tries', async () => {
    const b = instance();
    let n = 0;
    const a = instance(racingStore(3, () => b.execute(B, snapshot(`lost-${Date.now()}-${(n += 1)}`))));
    const error = await a.execute(A, acquire).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'STALE_REVISION' });
    expect(await reads.getLock()).toBeNull();
  });

  it('runs one instance’s commands one at a time, so they never race each other', async () => {
    const a = instance();
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => a.execute(A, snapshot(`serial-${Date.now()}-${i}`))));
    const revisions = outcomes.map((o) => o.state.revision);
    expect(new Set(revisions).size).toBe(8);
  });
});
