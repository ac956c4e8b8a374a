import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devSignIn, startApp, startReference } from './app-process';
import { compare } from './load';
import { largeRecord } from './season';
import { fmt, freshDatabase, type Section } from './support';

const ADMIN = 'bench-admin@punchline.test';
const TARGET = 0.8;
/** Headers a bare server need not send: they belong to the connection, not the answer. */
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

type Size = 'fresh site' | 'season';

/** Publishes the ≥ 100 KB season record through the API, as an admin would. */
async function publishSeason(baseUrl: string): Promise<void> {
  const cookie = await devSignIn(baseUrl, ADMIN);
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const steps: [string, string, unknown][] = [
    ['POST', '/api/settings/lock/acquire', { ttlSeconds: 600 }],
    ['PUT', '/api/settings?stage=draft', largeRecord()],
    ['POST', '/api/settings/publish', {}],
    ['POST', '/api/settings/lock/release', {}],
  ];
  for (const [method, path, body] of steps) {
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  }
}

/** One public answer of the app beside a bare Node server sending the same bytes and headers. */
async function measure(url: string, label: string, size: Size, store: string): Promise<Section['metrics'][number]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!HOP_BY_HOP.has(key) && key !== 'content-encoding') headers[key] = value;
  });
  headers['content-length'] = String(body.length);
  const reference = await startReference(body, headers);
  try {
    const { app, reference: bare, ratio } = await compare(url, reference.baseUrl, 6, 3);
    return {
      name: `${label}, ${size} (${fmt(body.length / 1024, 1)} KB), ${store}`,
      value: `${fmt(app.rps)} req/s, p99 ${fmt(app.p99, 1)} ms vs bare ${fmt(bare.rps)} req/s, p99 ${fmt(bare.p99, 1)} ms; median of 6 paired ratios ${fmt(ratio, 2)}×`,
      target: `≥ ${TARGET}× the bare server`,
      pass: ratio >= TARGET && app.errors === 0 && app.non2xx === 0,
    };
  } finally {
    await reference.stop();
  }
}

/**
 * Issue 15: the public answers at both sizes (a fresh site's defaults and a season ≥ 100 KB), on
 * PGlite and on PostgreSQL, each beside a bare server, in one run, load from wrk.
 */
export async function publicAnswersBench(): Promise<Section> {
  const metrics: Section['metrics'] = [];
  for (const store of ['PGlite', 'PostgreSQL'] as const) {
    const pg = store === 'PostgreSQL' ? await freshDatabase(2) : null;
    try {
      const app = await startApp({ DATABASE_URL: pg?.url ?? '', DATA_DIR: mkdtempSync(join(tmpdir(), 'punchline-bench-')), ADMIN_EMAILS: ADMIN });
      try {
        for (const size of ['fresh site', 'season'] as const) {
          if (size === 'season') await publishSeason(app.baseUrl);
          metrics.push(await measure(`${app.baseUrl}/`, 'home page GET /', size, store));
          metrics.push(await measure(`${app.baseUrl}/api/settings?stage=live`, 'GET /api/settings?stage=live', size, store));
        }
      } finally {
        await app.stop();
      }
    } finally {
      await pg?.drop();
    }
  }
  return {
    title: 'Public answers at two sizes (PGlite and PostgreSQL)',
    metrics,
    notes: [
      'Load from wrk (2 threads, 32 connections) in its own process; after a warm-up, six pairs of 3-second runs, app and bare server back to back with the order alternating; the figure is the median of the six app/bare ratios (req/s shown are the means), since the shared VM\'s speed drifts by a third between runs. The reference is a bare `http.createServer` in its own process sending the same body bytes and headers.',
      'Fresh site: nothing published (SPEC §3 defaults). Season: the settings bench\'s large record (≥ 100 KB) published through the API.',
      'Plain bytes (no Accept-Encoding), so both servers send the same payload.',
    ],
  };
}
