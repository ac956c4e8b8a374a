import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SITE_STREAM, validateSettingsUpdate, type NewEvent } from '@punchline/domain';
import { PostgresEventStore, postgresStoreMigrations } from '@punchline/backend/dist/platform/event-store/postgres-event-store';
import { migrate } from '@punchline/backend/dist/platform/database/migrations';
import { devSignIn, projectorCaughtUp, startApp, startReference } from './app-process';
import { compare } from './load';
import { largeRecord } from './season';
import { fmt, freshDatabase, percentile, type Section } from './support';

const ADMIN = 'bench-admin@punchline.test';
const SITE_EVENTS = 100_000;
const SAVES = 200;

/** Seeds the site stream with a lock and 100,000 saves, as years of editing would leave it. */
async function seedSiteStream(store: PostgresEventStore): Promise<void> {
  const meta = () => ({ actorEmail: ADMIN, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });
  const lock: NewEvent = {
    eventId: randomUUID(),
    type: 'LockAcquired',
    data: { holderEmail: ADMIN, ttlSeconds: 300, acquiredAt: new Date().toISOString(), expiresAt: new Date(Date.now() - 1000).toISOString(), previousHolderEmail: null },
    metadata: meta(),
  };
  await store.append(SITE_STREAM, [lock], { expectedRevision: 'no_stream' });
  for (let i = 1; i < SITE_EVENTS; i += 1000) {
    const events: NewEvent[] = Array.from({ length: Math.min(1000, SITE_EVENTS - i) }, (_, k) => ({
      eventId: randomUUID(),
      type: 'DraftSaved',
      data: { changes: { hero_title: `Draft ${i + k}` } },
      metadata: meta(),
    }));
    await store.append(SITE_STREAM, events, { expectedRevision: 'any' });
  }
}

export async function settingsBench(): Promise<Section> {
  const { db, url, drop } = await freshDatabase(4);
  const metrics: Section['metrics'] = [];
  const notes: string[] = [];
  try {
    await migrate(db, postgresStoreMigrations);
    const store = new PostgresEventStore(db);
    await seedSiteStream(store);
    await store.close();

    const record = largeRecord();
    const checked = validateSettingsUpdate(record);
    if (!checked.ok) throw new Error(`bench record is invalid: ${JSON.stringify(checked.errors.slice(0, 3))}`);
    const recordBytes = Buffer.byteLength(JSON.stringify(record));

    const app = await startApp({ DATABASE_URL: url, ADMIN_EMAILS: ADMIN });
    try {
      // The projector catches up on the 100,000 seeded events before we measure.
      await projectorCaughtUp(app.baseUrl);
      // A 100,000-event history accumulated over years has long been vacuumed and checkpointed;
      // measuring right after a bulk load would time PostgreSQL's catch-up I/O instead.
      await db.query('VACUUM ANALYZE');
      await db.query('CHECKPOINT');
      const cookie = await devSignIn(app.baseUrl, ADMIN);
      const headers = { cookie, origin: app.baseUrl, 'content-type': 'application/json' };
      const acquire = await fetch(`${app.baseUrl}/api/settings/lock/acquire`, { method: 'POST', headers, body: JSON.stringify({ ttlSeconds: 300 }) });
      if (!acquire.ok) throw new Error(`acquire failed: ${acquire.status} ${await acquire.text()}`);

      const save = async (i: number): Promise<number> => {
        const started = performance.now();
        const res = await fetch(`${app.baseUrl}/api/settings?stage=draft`, { method: 'PUT', headers, body: JSON.stringify({ ...record, hero_title: `Save ${i}` }) });
        const body = (await res.json()) as { data?: { hero_title?: string } };
        if (!res.ok || body.data?.hero_title !== `Save ${i}`) throw new Error(`save ${i} failed: ${res.status}`);
        return performance.now() - started;
      };
      const first = await save(0);
      const latencies: number[] = [];
      for (let i = 1; i <= SAVES; i += 1) latencies.push(await save(i));
      latencies.sort((a, b) => a - b);
      const p99 = percentile(latencies, 99);
      metrics.push({
        name: `save draft round trip (PUT ${fmt(recordBytes / 1024)} KB record, read-your-writes, site stream of ${fmt(SITE_EVENTS)} events)`,
        value: `p50 ${fmt(percentile(latencies, 50), 1)} ms, p99 ${fmt(p99, 1)} ms (${SAVES} saves)`,
        target: 'p99 < 50 ms',
        pass: p99 < 50,
      });
      metrics.push({ name: 'first save after start-up (folds the 100,000-event stream once, then cached)', value: `${fmt(first, 0)} ms` });

      // Publish so the live answer is the large record, then compare with the bare server.
      const publish = await fetch(`${app.baseUrl}/api/settings/publish`, { method: 'POST', headers, body: '{}' });
      if (!publish.ok) throw new Error(`publish failed: ${publish.status}`);
      const liveUrl = `${app.baseUrl}/api/settings?stage=live`;
      const live = await fetch(liveUrl);
      const liveBody = Buffer.from(await live.arrayBuffer());
      const reference = await startReference(liveBody, { 'content-type': live.headers.get('content-type') ?? 'application/json' });
      try {
        const { app: a, reference: r } = await compare(liveUrl, reference.baseUrl);
        const ratio = a.rps / r.rps;
        metrics.push({
          name: `GET /api/settings?stage=live, 32 connections (${fmt(liveBody.length / 1024)} KB body)`,
          value: `${fmt(a.rps)} req/s, p99 ${a.p99} ms vs bare Node http ${fmt(r.rps)} req/s, p99 ${r.p99} ms = ${fmt(ratio * 100)}%`,
          target: '≥ 50% of the bare server',
          pass: ratio >= 0.5 && a.errors === 0 && a.non2xx === 0,
        });
      } finally {
        await reference.stop();
      }
    } finally {
      await app.stop();
    }
    notes.push('After seeding the 100,000 site events and letting the projector catch up, the bench runs VACUUM ANALYZE and CHECKPOINT, as years of accumulated history would have been, so the saves do not time the bulk load\'s deferred I/O.');
    notes.push('The app runs as `node backend/dist/main.js` in its own process on a fresh PostgreSQL database; wrk drives the load from its own process; the reference is a bare `http.createServer` sending the same body bytes.');
  } finally {
    await drop();
  }
  return { title: 'Settings API (PostgreSQL)', metrics, notes };
}
