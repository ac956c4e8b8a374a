import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { SEEDED_SETTINGS, publishSettings } from '../../e2e/public-site.seed';
import { devSignIn, startApp, startReference } from './app-process';
import { compare } from './load';
import { fmt, freshDatabase, type Section } from './support';

const ADMIN = 'bench-admin@punchline.test';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The seeded season without media on other hosts: this machine has no network, and Lighthouse would count the failures. */
export function offlineSeed(value: unknown): unknown {
  if (typeof value === 'string') return /^https:\/\/(images\.invalid|www\.youtube\.com|vimeo\.com)/.test(value) ? '' : value;
  if (Array.isArray(value)) return value.map(offlineSeed);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, offlineSeed(v)]));
  return value;
}

/** Every script a visitor of `url` downloads, gzip -9 each (what a CDN would send). */
async function visitorJavaScript(url: string): Promise<{ files: number; raw: number; gzip: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless=new') });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const all = await Promise.all(bodies);
    return { files: all.length, raw: all.reduce((s, b) => s + b.length, 0), gzip: all.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0) };
  } finally {
    await browser.close();
  }
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
}

export interface LighthouseRun {
  scores: LighthouseScores;
  /** Total byte weight of the page, as Lighthouse counts it (transferred bytes of every request). */
  totalBytes: number;
  largestContentfulPaintMs: number;
}

/** Lighthouse's default (mobile) preset against Debian's Chromium. */
export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  return (await lighthouseRun(url)).scores;
}

export async function lighthouseRun(url: string): Promise<LighthouseRun> {
  // Both packages are ESM-only; this file compiles to CommonJS.
  const load = new Function('s', 'return import(s)') as (s: string) => Promise<any>;
  const { default: lighthouse } = await load('lighthouse');
  const chromeLauncher = await load('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const c = result.lhr.categories;
    return {
      scores: {
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        'best-practices': Math.round(c['best-practices'].score * 100),
        seo: Math.round(c.seo.score * 100),
      },
      totalBytes: Number(result.lhr.audits['total-byte-weight']?.numericValue ?? 0),
      largestContentfulPaintMs: Number(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    };
  } finally {
    await chrome.kill();
  }
}

export async function publicSiteBench(): Promise<Section> {
  const { url, drop } = await freshDatabase(2);
  const metrics: Section['metrics'] = [];
  try {
    const app = await startApp({ DATABASE_URL: url, ADMIN_EMAILS: ADMIN });
    try {
      const cookie = await devSignIn(app.baseUrl, ADMIN);
      await publishSettings(app.baseUrl, cookie, offlineSeed(SEEDED_SETTINGS) as Record<string, unknown>);
      const home = `${app.baseUrl}/`;
      const response = await fetch(home);
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`home answered ${response.status}`);

      const reference = await startReference(body, { 'content-type': response.headers.get('content-type') ?? 'text/html; charset=utf-8' });
      try {
        const { app: a, reference: r } = await compare(home, reference.baseUrl);
        const ratio = a.rps / r.rps;
        metrics.push({
          name: `cached home page GET /, 32 connections (${fmt(body.length / 1024, 1)} KB HTML)`,
          value: `${fmt(a.rps)} req/s, p99 ${a.p99} ms vs bare Node http ${fmt(r.rps)} req/s, p99 ${r.p99} ms = ${fmt(ratio * 100)}%`,
          target: '≥ 50% of the bare server',
          pass: ratio >= 0.5 && a.errors === 0 && a.non2xx === 0,
        });
      } finally {
        await reference.stop();
      }

      const js = await visitorJavaScript(home);
      metrics.push({
        name: 'JavaScript a visitor of / downloads',
        value: `${fmt(js.gzip / 1024, 1)} KB gzip (${fmt(js.raw / 1024, 1)} KB raw, ${js.files} files)`,
        target: '≤ 100 KB gzip',
        pass: js.gzip <= 100 * 1024,
      });

      const scores = await lighthouseScores(home);
      const targets: Record<keyof LighthouseScores, number> = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 };
      for (const key of Object.keys(targets) as (keyof LighthouseScores)[]) {
        metrics.push({ name: `Lighthouse (mobile preset) on /: ${key}`, value: String(scores[key]), target: `≥ ${targets[key]}`, pass: scores[key] >= targets[key] });
      }
    } finally {
      await app.stop();
    }
  } finally {
    await drop();
  }
  return {
    title: 'Public site (PostgreSQL)',
    metrics,
    notes: [
      'The home page is seeded with the browser tests\' season (minus media on other hosts) and published through the API; the app runs as `node backend/dist/main.js`.',
      'Lighthouse 12 runs its default mobile preset (simulated throttling) against Debian\'s Chromium on the same 2-core machine.',
    ],
  };
}
