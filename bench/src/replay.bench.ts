import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '@punchline/domain';
import { Projector, allProjections, ensureReadModels, replay } from '@punchline/projections';
import { PostgresEventStore, postgresStoreMigrations } from '@punchline/backend/dist/platform/event-store/postgres-event-store';
import { migrate } from '@punchline/backend/dist/platform/database/migrations';
import { freshDatabase, fmt, type Section } from './support';

const TOTAL_EVENTS = 100_000;
const STREAMS = 200;

/** Rebuilding every read model from position 0 (`npm run replay`) over a 100,000-event log. */
export async function replayBench(): Promise<Section> {
  const { db, drop } = await freshDatabase(8);
  const metrics: Section['metrics'] = [];
  try {
    await migrate(db, postgresStoreMigrations);
    const store = new PostgresEventStore(db);
    const now = new Date().toISOString();
    const fillStarted = performance.now();
    for (let i = 0; i < TOTAL_EVENTS; i += 1000) {
      const events: NewEvent[] = Array.from({ length: 1000 }, (_, k) => ({
        eventId: randomUUID(),
        type: k % 3 === 0 ? 'LockAcquired' : 'DraftSaved',
        data: { changes: { hero_title: `Title ${i + k}` }, holderEmail: 'a@punchline.test', ttlSeconds: 300 },
        metadata: { actorEmail: `admin${k % 5}@punchline.test`, correlationId: randomUUID(), causationId: null, occurredAt: now },
      }));
      await store.append(`bench-${(i / 1000) % STREAMS}`, events, { expectedRevision: 'any' });
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;

    const projections = allProjections();
    await ensureReadModels(db, projections);
    const projector = new Projector({ db, store, projections, batchSize: 5000 });
    const catchUpStarted = performance.now();
    await projector.start();
    const caughtUp = await projector.waitFor(TOTAL_EVENTS, 600_000);
    const catchUpRate = TOTAL_EVENTS / ((performance.now() - catchUpStarted) / 1000);
    await projector.stop();
    if (!caughtUp) throw new Error('projector did not catch up');

    const result = await replay({ db, store, projections });
    metrics.push({
      name: `replay from position 0 (${fmt(TOTAL_EVENTS)} events, ${projections.length} projections)`,
      value: `${fmt(result.eventsPerSecond)} events/s (${fmt(result.seconds, 2)} s; read models equal: ${result.equal ? 'yes' : 'NO'})`,
      target: '≥ 20,000 events/s',
      pass: result.eventsPerSecond >= 20_000 && result.equal,
    });
    // Swap installs the rebuilt tables, so it also builds the screens' indexes (the trigram one most of all).
    const swapped = await replay({ db, store, projections, swap: true });
    metrics.push({
      name: `replay with --swap (rebuilds, builds the read indexes, installs)`,
      value: `${fmt(swapped.eventsPerSecond)} events/s (${fmt(swapped.seconds, 2)} s)`,
      target: '≥ 20,000 events/s',
      pass: swapped.eventsPerSecond >= 20_000 && swapped.swapped,
    });
    metrics.push({ name: 'live projector catch-up from 0', value: `${fmt(catchUpRate)} events/s` });
    metrics.push({ name: 'filling the log (1,000-event appends)', value: `${fmt(TOTAL_EVENTS / fillSeconds)} events/s` });
    await store.close();
  } finally {
    await drop();
  }
  return {
    title: 'Replay throughput (PostgreSQL)',
    metrics,
    notes: [
      `${fmt(TOTAL_EVENTS)} events over ${STREAMS} streams; replay rebuilds into a fresh schema and compares every table with the live read models.`,
      'Compare mode (the default) builds no read indexes: the comparison reads whole tables by primary key. --swap builds them before installing the tables, and that time counts.',
    ],
  };
}
