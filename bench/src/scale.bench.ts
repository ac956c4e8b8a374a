import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '@punchline/domain';
import { LIVE_SCHEMA, allProjections, replay } from '@punchline/projections';
import { PostgresEventStore, postgresStoreMigrations } from '@punchline/backend/dist/platform/event-store/postgres-event-store';
import { migrate } from '@punchline/backend/dist/platform/database/migrations';
import { devSignIn, keptDataDir, startApp } from './app-process';
import { fmt, freshDatabase, percentile, type Section } from './support';

const TOTAL = Number(process.env.SCALE_EVENTS ?? 1_000_000);
const CONTACTS = Number(process.env.SCALE_CONTACTS ?? 100_000);
const SOAK_SECONDS = Number(process.env.SCALE_SOAK_SECONDS ?? 600);
/** The same mixed load before the soak, so its baseline is not the first start's catch-up being handed back. */
const WARM_UP_SECONDS = 60;
/** A database to fill once and keep (tuning a query without paying the fill each run). */
const KEEP_DATABASE = process.env.SCALE_KEEP_DATABASE;
const ADMIN = 'bench-admin@punchline.test';
const ADMINS = ['ana@punchline.test', 'ben@punchline.test', 'cy@punchline.test', 'dee@punchline.test', ADMIN];

const metadata = (actorEmail: string | null, at: number) => ({ actorEmail, correlationId: randomUUID(), causationId: null, occurredAt: new Date(at).toISOString() });

/** Years of use: site saves, lock traffic and sign-ins in big appends, contact messages one stream each. */
async function fill(store: PostgresEventStore): Promise<number> {
  const started = performance.now();
  const t0 = Date.now() - 3 * 365 * 86_400_000;
  const others = TOTAL - CONTACTS;
  for (let i = 0; i < others; i += 1000) {
    const events: NewEvent[] = Array.from({ length: Math.min(1000, others - i) }, (_, k) => {
      const n = i + k;
      const actor = ADMINS[n % ADMINS.length]!;
      const at = t0 + n * 60_000;
      switch (n % 4) {
        case 0:
          return { eventId: randomUUID(), type: 'LockAcquired', data: { holderEmail: actor, ttlSeconds: 300 }, metadata: metadata(actor, at) };
        case 1:
          return { eventId: randomUUID(), type: 'DraftSaved', data: { changes: { hero_title: `Season ${n % 97} opener`, hero_subtext: `Saved ${n}` } }, metadata: metadata(actor, at) };
        case 2:
          return { eventId: randomUUID(), type: 'LockReleased', data: { holderEmail: actor }, metadata: metadata(actor, at) };
        default:
          return { eventId: randomUUID(), type: 'SignedIn', data: { email: actor, name: actor.split('@')[0] }, metadata: metadata(actor, at) };
      }
    });
    await store.append(`scale-history-${(i / 1000) % 50}`, events, { expectedRevision: 'any' });
  }
  // One stream per message (as the app writes them), 16 appends in flight so group commit can batch.
  for (let i = 0; i < CONTACTS; i += 16) {
    await Promise.all(
      Array.from({ length: Math.min(16, CONTACTS - i) }, (_, k) => {
        const n = i + k;
        const messageId = randomUUID();
        const data = { messageId, name: `Fan ${n}`, email: `fan${n}@example.com`, message: `Loved show ${n % 300}. Do you play private parties? Ticket ${n}.` };
        return store.append(`contact-${messageId}`, [{ eventId: randomUUID(), type: 'ContactMessageReceived', data, metadata: metadata(null, t0 + n * 600_000) }], { expectedRevision: 'no_stream' });
      }),
    );
  }
  return TOTAL / ((performance.now() - started) / 1000);
}

async function timings(urls: string[], cookie: string, rounds: number): Promise<{ p50: number; p99: number; bad: number }> {
  const times: number[] = [];
  let bad = 0;
  for (let r = 0; r < rounds; r += 1) {
    for (const url of urls) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status >= 500) bad += 1;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), bad };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Waits until the process's RSS moves less than 1% over 10 s (at most 2 minutes); answers the last reading. */
async function settle(pid: number): Promise<number> {
  const readings = [rssMb(pid)];
  for (let waited = 0; waited < 120; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    readings.push(rssMb(pid));
    const window = readings.slice(-11);
    if (window.length === 11 && Math.abs(window[10]! - window[0]!) / window[0]! < 0.01) break;
  }
  return readings[readings.length - 1]!;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function waitForCatchUp(baseUrl: string, head: number): Promise<void> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { projector?: { checkpoint?: number } };
    if ((health.projector?.checkpoint ?? 0) >= head) return;
    if (Date.now() > deadline) throw new Error(`projector did not catch up with ${head}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Issue 15 point 3-4: a log of a million events and 100,000 contact messages, on PostgreSQL. */
export async function scaleBench(): Promise<Section> {
  const { db, url, drop } = await freshDatabase(8, KEEP_DATABASE);
  const metrics: Section['metrics'] = [];
  const notes: string[] = [];
  try {
    await migrate(db, postgresStoreMigrations);
    const store = new PostgresEventStore(db);
    const filled = (await store.headPosition()) < TOTAL;
    if (filled) {
      const fillRate = await fill(store);
      await db.query('VACUUM ANALYZE es.events');
      metrics.push({ name: `filling the log (${fmt(TOTAL)} events, ${fmt(CONTACTS)} of them contact messages)`, value: `${fmt(fillRate)} events/s` });
    }
    // One data folder for both starts: the database remembers its media storage and refuses another.
    const appEnv = { DATABASE_URL: url, ADMIN_EMAILS: ADMINS.join(','), DATA_DIR: mkdtempSync(join(tmpdir(), 'punchline-bench-')), ...keptDataDir(KEEP_DATABASE) };
    if (filled) {
      // The fill writes contact messages as the first release did (words in the log), so the first
      // start is an upgrade: it moves them to the privacy store, recomputing the chain, before it
      // answers (issue 28). A one-time cost, measured apart from the start-up the target is about.
      const upgradeStarted = performance.now();
      const upgraded = await startApp(appEnv);
      const upgradeSeconds = (performance.now() - upgradeStarted) / 1000;
      await upgraded.stop();
      metrics.push({ name: `first start on a first-release log of ${fmt(TOTAL)} events (once: ${fmt(CONTACTS)} messages' words moved out of the log, the chain recomputed)`, value: `${fmt(upgradeSeconds, 1)} s to healthy` });
    }
    // Start-up on a full log with its read models empty (dropped): the app's own projector builds them.
    await db.query(`DROP SCHEMA IF EXISTS ${LIVE_SCHEMA} CASCADE`);
    const head = await store.headPosition();
    const startedAt = performance.now();
    const app = await startApp(appEnv);
    const startSeconds = (performance.now() - startedAt) / 1000;
    try {
      await waitForCatchUp(app.baseUrl, head);
      const catchUpSeconds = (performance.now() - startedAt) / 1000;
      await db.query('VACUUM ANALYZE');
      const cookie = await devSignIn(app.baseUrl, ADMIN);
      const pid = app.child.pid!;

      metrics.push({ name: `app start-up to healthy on ${fmt(TOTAL)} events (read models empty)`, value: `${fmt(startSeconds, 1)} s (projector caught up after ${fmt(catchUpSeconds, 1)} s)`, target: '< 10 s', pass: startSeconds < 10 });

      const audit = (q: string) => `${app.baseUrl}/api/admin/audit?${q}`;
      const inbox = (q: string) => `${app.baseUrl}/api/admin/contact-responses?${q}`;
      const cases: [string, string[], string][] = [
        ['audit list, no filter', [audit('')], '< 100 ms'],
        ['audit list, actor', [audit(`actor=${encodeURIComponent(ADMINS[1]!)}`)], '< 100 ms'],
        ['audit list, action', [audit('action=DraftSaved'), audit('action=ContactMessageReceived')], '< 100 ms'],
        ['audit list, q (frequent and rare words, no match)', [audit('q=opener'), audit('q=Fan%2099123'), audit('q=nothing-matches-this')], '< 100 ms'],
        ['audit list, adversarial q (%, _, 198 characters; 10,000 characters answered 400), limit 500', [audit('q=%25&limit=500'), audit('q=_&limit=500'), audit(`q=${'x%25_'.repeat(66)}&limit=500`), audit(`q=${'x%25_'.repeat(3334)}&limit=500`)], '< 100 ms'],
        ['contact inbox, q (frequent, rare, no match), limit 500', [inbox('q=parties&limit=500'), inbox('q=fan99123%40example&limit=500'), inbox('q=nothing-matches-this&limit=500')], '< 100 ms'],
        ['contact inbox, responded, sort, limit 500', [inbox('responded=false&limit=500'), inbox('responded=true&limit=500'), inbox('sort=oldest&limit=500'), inbox('sort=newest&limit=500')], '< 100 ms'],
        ['contact inbox, adversarial q (%, _, 198 characters; 10,000 characters answered 400), limit 500', [inbox('q=%25&limit=500'), inbox('q=_&limit=500'), inbox(`q=${'x%25_'.repeat(66)}&limit=500`), inbox(`q=${'x%25_'.repeat(3334)}&limit=500`)], '< 100 ms'],
      ];
      for (const [name, urls, target] of cases) {
        await timings(urls, cookie, 2);
        const t = await timings(urls, cookie, Math.ceil(100 / urls.length));
        metrics.push({ name: `${name} (${fmt(TOTAL)} events)`, value: `p50 ${fmt(t.p50, 1)} ms, p99 ${fmt(t.p99, 1)} ms${t.bad ? `, ${t.bad} 5xx` : ''}`, target: `p99 ${target}`, pass: t.p99 < 100 && t.bad === 0 });
      }

      // Mixed load for SOAK_SECONDS (before the export, whose buffers would blur it): RSS sampled each
      // second; stable within 10% between the second and third tenths (after warm-up) and the last two, each at its lowest.
      const mixed = [app.baseUrl + '/', app.baseUrl + '/api/settings?stage=live', audit('q=opener'), inbox('limit=50'), app.baseUrl + '/events'];
      const mixedLoad = async (seconds: number): Promise<number> => {
        const end = Date.now() + seconds * 1000;
        let sent = 0;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (Date.now() < end) {
              await (await fetch(mixed[sent++ % mixed.length]!, { headers: { cookie } })).arrayBuffer();
              if (sent % 50 === 0) {
                await fetch(`${app.baseUrl}/api/contact`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', origin: app.baseUrl, 'x-forwarded-for': `198.51.100.${sent % 250}` },
                  body: JSON.stringify({ name: 'Soak', from: 'soak@example.com', message: `Soak ${sent}` }),
                }).then((r) => r.arrayBuffer());
              }
            }
          }),
        );
        return sent;
      };
      // The first start's catch-up over a million events leaves garbage that V8 and the allocator
      // hand back over minutes; a baseline taken meanwhile reads as a fall of 15% (measured). So a
      // minute of the same load first, then idle until RSS moves less than 1% in 10 s (2 min at most).
      await mixedLoad(WARM_UP_SECONDS);
      const settledRss = await settle(pid);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
      const requests = await mixedLoad(SOAK_SECONDS);
      clearInterval(sampler);
      // Each window is read at its lowest, just after a collection: between collections RSS is mostly
      // garbage V8 has not collected yet. Under this load (node --trace-gc, 183,015 requests) the live
      // heap after each of 24 full collections stayed at 49-50 MB while RSS swung by 50 MB, so window
      // means moved -15% and +27% in two runs with no leak behind either.
      // Windows of two tenths (two minutes), so each holds a full collection at this request rate.
      const tenth = Math.max(1, Math.floor(samples.length / 10));
      const early = Math.min(...samples.slice(tenth, 3 * tenth));
      const late = Math.min(...samples.slice(-2 * tenth));
      const drift = (late - early) / early;
      metrics.push({
        name: `RSS of the app over ${fmt(SOAK_SECONDS / 60, 1)} min of mixed load (${fmt(requests)} requests)`,
        value: `lowest early (2nd-3rd tenth) ${fmt(early)} MB → lowest late (last two tenths) ${fmt(late)} MB (${drift >= 0 ? '+' : ''}${fmt(drift * 100, 1)}%; ${fmt(settledRss)} MB settled after a ${WARM_UP_SECONDS}-s warm-up)`,
        target: 'within 10%',
        pass: Math.abs(drift) <= 0.1,
      });
      // CSV export of every message: streamed, memory bounded.
      const rssBefore = rssMb(pid);
      const exportStarted = performance.now();
      const csv = await fetch(inbox('format=csv'), { headers: { cookie } });
      let rows = 0;
      const reader = csv.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const byte of value) if (byte === 10) rows += 1;
      }
      const exportSeconds = (performance.now() - exportStarted) / 1000;
      const rowsPerSecond = (rows - 1) / exportSeconds;
      const peak = peakRssMb(pid);
      metrics.push({
        name: `CSV export of ${fmt(CONTACTS)} messages`,
        value: `${fmt(rowsPerSecond)} rows/s (${fmt(rows - 1)} rows in ${fmt(exportSeconds, 1)} s); RSS ${fmt(rssBefore)} MB before, peak ${fmt(peak)} MB`,
        target: '≥ 20,000 rows/s, memory bounded',
        pass: rowsPerSecond >= 20_000 && rows - 1 >= CONTACTS,
      });

    } finally {
      await app.stop();
    }

    const replayed = await replay({ db, store, projections: allProjections() });
    metrics.push({
      name: `replay from position 0 (${fmt(replayed.events)} events)`,
      value: `${fmt(replayed.eventsPerSecond)} events/s (${fmt(replayed.seconds, 1)} s; read models equal: ${replayed.equal ? 'yes' : 'NO'})`,
      target: '≥ 20,000 events/s',
      pass: replayed.eventsPerSecond >= 20_000 && replayed.equal,
    });
    await store.close();
    notes.push(`The log: ${fmt(TOTAL - CONTACTS)} site saves, lock acquisitions and releases and sign-ins by ${ADMINS.length} admins in 1,000-event appends, and ${fmt(CONTACTS)} contact messages on streams of their own; the app (\`node backend/dist/main.js\`) upgrades it on its first start (a fresh fill writes messages as the first release did), then starts again with its read models dropped and builds them.`);
    notes.push('Latencies are sequential requests from the bench process (one at a time, so they measure the query, not queueing), 100 per case after a warm-up.');
  } finally {
    await drop();
  }
  return { title: `At scale: ${fmt(TOTAL)} events (PostgreSQL)`, metrics, notes };
}
