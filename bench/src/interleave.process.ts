import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { devSignIn, freePort, projectorCaughtUp } from './app-process';
import { largeSiteLog } from './history.bench';
import { freshDatabase } from './support';

/**
 * The admin's round trips of two builds compared request by request (issue 26's before/after):
 *
 *   node bench/dist/bench/src/interleave.process.js <before checkout> <after checkout> [pairs]
 *
 * Each checkout must be built (`npm run build`). Both apps run at once, each on its own fresh
 * PostgreSQL database holding the same 100,000-event site history; every action is sent to one app
 * and then to the other, the order swapped each time. Alternating whole bench runs leaves each run's
 * own state (its database, checkpoints, what the machine does meanwhile) on all of its requests at
 * once: the same two commits then differed by −2% in one series of eight runs and +10% in the next.
 * Pairing request by request takes that drift out. Prints, per action, each side's p50 and p90, the
 * change of the p50 and the median of the pairs' after/before ratios.
 */

interface Side {
  name: string;
  base: string;
  headers: Record<string, string>;
  child: ChildProcess;
  drop: () => Promise<void>;
  positions: number[];
  publishes: number[];
  times: Map<string, number[]>;
}

const ADMIN = 'interleave-admin@punchline.test';
const EVENTS = 100_000;

async function startSide(name: string, checkout: string): Promise<Side> {
  const main = join(checkout, 'backend', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build that checkout first (npm run build)`);
  const { db, url, drop } = await freshDatabase(4);
  const { positions } = await largeSiteLog(db, EVENTS);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    cwd: checkout,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'punchline-interleave-')), LOG_LEVEL: 'warn', PUBLIC_BASE_URL: base, DATABASE_URL: url, ADMIN_EMAILS: ADMIN },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`${name}: the app exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`).then((res) => res.ok, () => false);
    if (up) break;
    if (tries > 600) throw new Error(`${name}: the app did not answer within two minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  await projectorCaughtUp(base);
  const cookie = await devSignIn(base, ADMIN);
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  await (await fetch(`${base}/api/admin/history?stage=live&limit=1`, { headers })).text();
  const acquired = await fetch(`${base}/api/settings/lock/acquire`, { method: 'POST', headers, body: JSON.stringify({ ttlSeconds: 600 }) });
  if (!acquired.ok) throw new Error(`${name}: acquire answered ${acquired.status}`);
  // As the admin suite: every 51st site event is a publish.
  const publishes = positions.filter((_, n) => n > 0 && n % 51 === 0);
  return { name, base, headers, child, drop, positions, publishes, times: new Map() };
}

const pick = (list: number[]): number => list[Math.floor(Math.random() * list.length)]!;
const post = (s: Side, path: string, body: unknown) => fetch(`${s.base}${path}`, { method: 'POST', headers: s.headers, body: JSON.stringify(body) });
const save = (s: Side, i: number) => fetch(`${s.base}/api/settings?stage=draft`, { method: 'PUT', headers: s.headers, body: JSON.stringify({ hero_title: `Interleave ${i}` }) });

/** Per action: what runs untimed first (a change to publish), then the timed request. */
const ACTIONS: Record<string, { before?: (s: Side, i: number) => Promise<unknown>; request: (s: Side, i: number) => Promise<Response> }> = {
  'save the draft': { request: save },
  'publish a saved change': { before: (s, i) => save(s, 100_000 + i).then((res) => res.text()), request: (s) => post(s, '/api/settings/publish', {}) },
  'roll live back': { request: (s) => post(s, '/api/settings/rollback', { position: pick(s.publishes) }) },
  'restore a point into the draft': { request: (s, i) => post(s, '/api/settings/history/restore', { stage: i % 2 ? 'live' : 'draft', position: pick(s.positions) }) },
  'save a snapshot': { request: (s, i) => post(s, '/api/settings/versions', { label: `Interleave ${i}` }) },
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

async function main(): Promise<void> {
  const [beforeDir, afterDir, pairsArg] = process.argv.slice(2);
  if (!beforeDir || !afterDir) throw new Error('usage: interleave.process.js <before checkout> <after checkout> [pairs]');
  const pairs = Number(pairsArg ?? 100);
  const sides: Side[] = [];
  try {
    sides.push(await startSide('before', resolve(beforeDir)));
    sides.push(await startSide('after', resolve(afterDir)));
    for (const side of sides) await (await save(side, -1)).text();
    for (const [name, action] of Object.entries(ACTIONS)) {
      for (let i = 0; i < pairs; i += 1) {
        for (const side of i % 2 ? [...sides].reverse() : sides) {
          await action.before?.(side, i);
          const started = performance.now();
          const res = await action.request(side, i);
          const body = await res.text();
          const ms = performance.now() - started;
          if (!res.ok) throw new Error(`${side.name}: ${name} answered ${res.status}: ${body.slice(0, 200)}`);
          side.times.set(name, [...(side.times.get(name) ?? []), ms]);
        }
      }
      const [b, a] = sides.map((s) => s.times.get(name)!) as [number[], number[]];
      const change = (100 * (median(a) / median(b) - 1)).toFixed(1);
      const ratio = median(b.map((ms, i) => a[i]! / ms)).toFixed(3);
      process.stdout.write(`${name}: before p50 ${median(b).toFixed(1)} ms, p90 ${quantile(b, 0.9).toFixed(1)} ms | after p50 ${median(a).toFixed(1)} ms, p90 ${quantile(a, 0.9).toFixed(1)} ms | p50 ${change}% | median pair ratio ${ratio}\n`);
    }
  } finally {
    for (const side of sides) {
      side.child.kill('SIGTERM');
      await new Promise((r) => (side.child.exitCode !== null ? r(null) : side.child.once('exit', r)));
      await side.drop();
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
