/**
 * No blank screens (issue 11 point 6, SPEC §8) in Chromium against the built app. The failures are
 * forced from outside, through the network: the embedded site data of a public page is corrupted so
 * a component throws while rendering, and the hashed admin chunk answers 404 as it would for a tab
 * opened before a deploy. Screenshots land in e2e/artifacts/boot-failed-*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { ROOT } from './support/app';
import { DESKTOP, PHONE, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

// Browser steps against a real server on a shared 2-core machine: generous, not infinite.
jest.setTimeout(120_000);

/** Must match CHUNK_RELOAD_KEY in frontend/src/shared/boot-failed.tsx. */
const CHUNK_RELOAD_KEY = 'punchline.chunk-reload';

let adminChunk: string;

const suite = browserSuite();
const page = suite.page;

beforeAll(() => {
  // The hashed file name of this build's admin chunk, as the browser would request it.
  const manifest = JSON.parse(readFileSync(join(ROOT, 'frontend/dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest['src/admin/admin-app.tsx'];
  if (!entry) throw new Error('the Vite manifest names no src/admin/admin-app.tsx chunk: run `npm run build` first.');
  adminChunk = `/${entry.file}`;
});

/** Document loads of the main frame (the first visit and every reload). */
function countDocumentLoads(p: Page): () => number {
  let loads = 0;
  p.on('request', (r: Request) => {
    if (r.isNavigationRequest() && r.frame() === p.mainFrame()) loads++;
  });
  return () => loads;
}

/** The failure screen of SPEC §8, found the way a person (or a screen reader) would. */
async function expectBootFailed(p: Page): Promise<void> {
  await p.getByRole('heading', { name: 'Boot failed.' }).waitFor({ state: 'visible' });
  await expect(p.getByRole('alert').isVisible()).resolves.toBe(true);
  await expect(p.getByRole('button', { name: 'Reload' }).isVisible()).resolves.toBe(true);
  // Not blank: the root holds the message, with real size, in readable text.
  const shown = await p.evaluate(() => {
    const root = document.getElementById('root');
    return { text: document.body.innerText.trim(), rootHeight: root?.getBoundingClientRect().height ?? 0 };
  });
  expect(shown.text).toContain('Boot failed.');
  expect(shown.rootHeight).toBeGreaterThan(100);
}

const sessionKey = (p: Page) => p.evaluate((key) => window.sessionStorage.getItem(key), CHUNK_RELOAD_KEY);

describe('a render that throws', () => {
  /**
   * Valid JSON of the wrong shape (no settings): the server-rendered HTML is untouched, and the
   * public layout throws when it reads the site title from the data during hydration.
   */
  async function corruptSiteData(p: Page): Promise<void> {
    await p.route(`${suite.app.baseUrl}/`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const corrupted = html.replace(/(<script id="site-data" type="application\/json">)[^<]*(<\/script>)/, '$1{"settings":null,"stage":"live","maintenance":false}$2');
      if (corrupted === html) throw new Error('the page embeds no site data to corrupt');
      await route.fulfill({ response, body: corrupted });
    });
  }

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('shows Boot failed. with the error, its stack and a Reload button (%s)', async (name, viewport) => {
    const p = await page(viewport);
    await corruptSiteData(p);
    await p.goto(`${suite.app.baseUrl}/`);
    await expectBootFailed(p);

    // The message names what went wrong; the stack waits behind a <details> until asked for.
    const alert = p.getByRole('alert');
    await expect(alert.innerText()).resolves.toMatch(/Cannot read properties of null|null is not an object/);
    const stack = alert.locator('details pre');
    await expect(stack.isVisible()).resolves.toBe(false);
    await alert.locator('details summary').click();
    await stack.waitFor({ state: 'visible' });
    await expect(stack.innerText()).resolves.toMatch(/\n\s*at /);

    // Readable on a phone: long messages and stack lines wrap instead of scrolling sideways.
    await expect(horizontalOverflow(p)).resolves.toBeLessThanOrEqual(0);
    await screenshot(p, `boot-failed-render-${name}`);
  });

  it('Reload loads the page again and, with the data intact, shows the site', async () => {
    const p = await page();
    await corruptSiteData(p);
    await p.goto(`${suite.app.baseUrl}/`);
    await expectBootFailed(p);

    await p.unroute(`${suite.app.baseUrl}/`);
    await p.getByRole('button', { name: 'Reload' }).click();
    await p.locator('main#main').waitFor({ state: 'visible' });
    await expect(p.getByRole('heading', { name: 'Boot failed.' }).count()).resolves.toBe(0);
  });
});

describe('the admin chunk of an older deploy', () => {
  it('answers 404 twice: the page reloads once, then shows Boot failed. with a Reload button', async () => {
    const p = await page();
    const documentLoads = countDocumentLoads(p);
    // Which document loads asked for the chunk (Vite's modulepreload and the import() may both ask).
    const askedIn = new Set<number>();
    await p.route(`${suite.app.baseUrl}${adminChunk}`, (route) => {
      askedIn.add(documentLoads());
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    });

    await p.goto(`${suite.app.baseUrl}/admin`);
    await expectBootFailed(p);
    expect(documentLoads()).toBe(2);
    expect([...askedIn]).toEqual([1, 2]);
    await expect(p.getByRole('alert').innerText()).resolves.toMatch(/dynamically imported module|Importing a module script failed|error loading dynamically imported module/i);
    // Forgotten once given up, so a later stale chunk in this tab gets its own reload.
    await expect(sessionKey(p)).resolves.toBeNull();
    await screenshot(p, 'boot-failed-admin-chunk');

    // No further reload behind the message.
    await p.waitForTimeout(1_000);
    expect(documentLoads()).toBe(2);

    // The chunk is back (the deploy settled): Reload reaches the admin gate.
    await p.unroute(`${suite.app.baseUrl}${adminChunk}`);
    await p.getByRole('button', { name: 'Reload' }).click();
    await p.getByRole('heading', { name: 'Admin sign-in required' }).waitFor({ state: 'visible' });
    await expect(p.getByRole('heading', { name: 'Boot failed.' }).count()).resolves.toBe(0);
    expect(documentLoads()).toBe(3);
  });

  it('answers 404 once: the page reloads once and the admin app loads, forgetting the attempt', async () => {
    const p = await page();
    const documentLoads = countDocumentLoads(p);
    // Missing for the first document only, as if the deploy finished between the page load and the reload.
    await p.route(`${suite.app.baseUrl}${adminChunk}`, (route) => (documentLoads() === 1 ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }) : route.continue()));

    await p.goto(`${suite.app.baseUrl}/admin`);
    await p.getByRole('heading', { name: 'Admin sign-in required' }).waitFor({ state: 'visible' });
    expect(documentLoads()).toBe(2);
    await expect(p.getByRole('heading', { name: 'Boot failed.' }).count()).resolves.toBe(0);
    await expect(sessionKey(p)).resolves.toBeNull();
  });
});
