import type { NestExpressApplication } from '@nestjs/platform-express';
import { SITE_STREAM, type RecordedEvent, type SiteEvent } from '@punchline/domain';
import { allProjections, replay } from '@punchline/projections';
import { loadConfig } from '../platform/config/config';
import { createApp } from '../platform/http/create-app';
import { openRuntime, type Runtime } from '../platform/runtime';
import { freePort, http, signIn, startTestApp, type TestApp, testAppEnv } from '../test-support/test-app';
import { ADMIN_A, ADMIN_B, type Client } from './test-support/settings-app.test-kit';

// Two app instances racing on one database is a PostgreSQL deployment; PGlite is a single process.
const describeIf = process.env.DATABASE_URL ? describe : describe.skip;

const HAMMER_MS = 10_500;

interface SaveAttempt {
  who: string;
  marker: string;
  status: number;
  data?: Record<string, unknown>;
}

interface Tally {
  statuses: Record<string, number>;
  saves: SaveAttempt[];
}

/** One admin's loop: acquire, save (twice), sometimes publish, usually release; also saves without the lock. */
async function hammer(who: string, client: Client, base: Record<string, unknown>, until: number, tally: Tally): Promise<void> {
  const count = (what: string, status: number): void => {
    const key = `${who} ${what} ${status}`;
    tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
    // Anything but success, 'locked by another' or 'stale, try again' is a bug.
    if (![200, 423, 409].includes(status)) throw new Error(`${key}`);
  };
  let n = 0;
  const save = async (): Promise<number> => {
    n += 1;
    const marker = `${who}-${n}`;
    const res = await client.put('/api/settings?stage=draft', { ...base, site_title: marker, hero_subtext: `saved by ${marker}` });
    count('save', res.status);
    tally.saves.push({ who, marker, status: res.status, data: res.status === 200 ? res.body.data : undefined });
    return res.status;
  };
  while (Date.now() < until) {
    const acquired = await client.post('/api/settings/lock/acquire', { ttlSeconds: 30 });
    count('acquire', acquired.status);
    if (acquired.status !== 200) {
      // The other admin holds the draft: a save must be refused.
      await save();
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 15));
      continue;
    }
    await save();
    await save();
    if (n % 3 === 0) count('publish', (await client.post('/api/settings/publish', {})).status);
    if (Math.random() < 0.7) count('release', (await client.post('/api/settings/lock/release', {})).status);
  }
  count('release', (await client.post('/api/settings/lock/release', {})).status);
}

type Lock = { holder: string; expiresAt: number };

/** Replays the site stream's lock events and saves; throws on the first broken invariant. */
function checkLockInvariants(events: RecordedEvent[]): { holderIntervals: number; acceptedSaves: number } {
  let lock: Lock | null = null;
  const intervals: { holder: string; start: number; end: number }[] = [];
  let acceptedSaves = 0;
  const close = (at: number): void => {
    const last = intervals.at(-1);
    if (last && last.end === Number.POSITIVE_INFINITY) last.end = at;
  };
  for (const event of events) {
    const e = event as unknown as SiteEvent & { metadata: RecordedEvent['metadata'] };
    const at = Date.parse(event.metadata.occurredAt);
    switch (e.type) {
      case 'LockAcquired': {
        if (lock && lock.holder !== e.data.holderEmail && lock.expiresAt > at) {
          throw new Error(`Position ${event.globalPosition}: ${e.data.holderEmail} acquired while ${lock.holder} held an unexpired lock`);
        }
        if (lock) close(Math.min(at, lock.expiresAt));
        lock = { holder: e.data.holderEmail, expiresAt: Date.parse(e.data.expiresAt) };
        intervals.push({ holder: lock.holder, start: at, end: Number.POSITIVE_INFINITY });
        break;
      }
      case 'LockRefreshed':
        if (!lock || lock.holder !== e.data.holderEmail || lock.expiresAt <= at) {
          throw new Error(`Position ${event.globalPosition}: ${e.data.holderEmail} refreshed a lock it did not hold`);
        }
        lock = { holder: lock.holder, expiresAt: Date.parse(e.data.expiresAt) };
        break;
      case 'LockReleased':
        if (!lock || lock.holder !== e.data.holderEmail) throw new Error(`Position ${event.globalPosition}: ${e.data.holderEmail} released a lock it did not hold`);
        close(at);
        lock = null;
        break;
      case 'DraftSaved': {
        const actor = event.metadata.actorEmail;
        if (!lock || lock.holder !== actor || lock.expiresAt <= at) {
          throw new Error(`Position ${event.globalPosition}: a save by ${actor} was accepted while the lock was ${JSON.stringify(lock)}`);
        }
        acceptedSaves += 1;
        break;
      }
      default:
        break;
    }
  }
  if (lock) close(lock.expiresAt);
  // Never two holders: the holding intervals, in log order, do not overlap in time.
  for (let i = 1; i < intervals.length; i += 1) {
    if (intervals[i].start < intervals[i - 1].end) {
      throw new Error(`Lock held by ${intervals[i - 1].holder} and ${intervals[i].holder} at once around ${new Date(intervals[i].start).toISOString()}`);
    }
  }
  return { holderIntervals: intervals.length, acceptedSaves };
}

describeIf('settings under contention: two admins on two app instances sharing PostgreSQL', () => {
  let first: TestApp;
  let second: { app: NestExpressApplication; runtime: Runtime; baseUrl: string };

  beforeAll(async () => {
    first = await startTestApp({ kind: 'postgres', env: { ADMIN_EMAILS: `${ADMIN_A},${ADMIN_B}` } });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // The site's one media storage (an instance on another folder is refused at start, DESIGN §18).
    const dataDir = first.dataDir;
    const config = loadConfig(testAppEnv(port, dataDir, { ADMIN_EMAILS: `${ADMIN_A},${ADMIN_B}`, ...first.oauth.env }));
    // Its own runtime (projector, caches, aggregate) on the first instance's database.
    const runtime = await openRuntime(config, { db: first.db });
    const app = await createApp(runtime, { logger: false });
    await app.listen(port, '127.0.0.1');
    second = { app, runtime, baseUrl };
  });

  afterAll(async () => {
    if (second) {
      await second.app.close();
      await second.runtime.close();
    }
    await first?.close();
  });

  it('keeps one lock holder, refuses non-holders, ends on the last accepted save and replays identically', async () => {
    const a = http(first.baseUrl, await signIn(first.baseUrl, ADMIN_A));
    const b = http(second.baseUrl, await signIn(second.baseUrl, ADMIN_B));
    const base = (await a.get('/api/settings?stage=draft')).body as Record<string, unknown>;
    const tally: Tally = { statuses: {}, saves: [] };

    const until = Date.now() + HAMMER_MS;
    await Promise.all([hammer('a', a, base, until, tally), hammer('b', b, base, until, tally)]);

    const events = await first.runtime.store.readStream(SITE_STREAM);
    const { holderIntervals, acceptedSaves } = checkLockInvariants(events);

    // Every 200 save is in the log under its author, and nothing else is.
    const logged = events.filter((e) => e.type === 'DraftSaved');
    const loggedMarkers = logged.map((e) => (e.data as { changes: { site_title?: string } }).changes.site_title);
    const accepted = tally.saves.filter((s) => s.status === 200);
    expect(loggedMarkers.sort()).toEqual(accepted.map((s) => s.marker).sort());
    for (const event of logged) {
      const marker = (event.data as { changes: { site_title: string } }).changes.site_title;
      expect(event.metadata.actorEmail).toBe(marker.startsWith('a-') ? ADMIN_A : ADMIN_B);
    }
    expect(acceptedSaves).toBe(accepted.length);
    // Both admins got the draft in turn, and both were refused while the other held it.
    expect(new Set(accepted.map((s) => s.who))).toEqual(new Set(['a', 'b']));
    expect(tally.saves.some((s) => s.who === 'a' && s.status === 423) && tally.saves.some((s) => s.who === 'b' && s.status === 423)).toBe(true);

    // The final draft is the last accepted save, as both instances read it.
    const lastMarker = (logged.at(-1)!.data as { changes: { site_title: string } }).changes.site_title;
    const lastSave = accepted.find((s) => s.marker === lastMarker)!;
    for (const client of [a, b]) {
      expect((await client.get('/api/settings?stage=draft')).body).toEqual(lastSave.data);
    }
    // Live is the last publish, on both instances.
    const lastPublish = events.filter((e) => e.type === 'Published').at(-1);
    if (lastPublish) {
      const liveA = await a.get('/api/settings?stage=live');
      const liveB = await b.get('/api/settings?stage=live');
      // An admin's live answer carries the admin-only fields, under its own ETag.
      expect(liveA.headers.get('etag')).toBe(`"live-${lastPublish.globalPosition}-admin"`);
      expect(liveB.body).toEqual(liveA.body);
    }

    const rebuilt = await replay({ db: first.db, store: first.runtime.store, projections: allProjections() });
    expect(rebuilt.tables.filter((t) => !t.equal)).toEqual([]);
    expect(rebuilt.equal).toBe(true);

    console.log(
      JSON.stringify({
        hammerMs: HAMMER_MS,
        siteEvents: events.length,
        lockHoldings: holderIntervals,
        acceptedSaves: accepted.length,
        refusedSaves: tally.saves.length - accepted.length,
        statuses: tally.statuses,
        replay: { events: rebuilt.events, seconds: rebuilt.seconds },
      }),
    );
  });
});
