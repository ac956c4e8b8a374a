/**
 * Issue 12 point 8 in Chromium: the public top menu stays on one line at 1280 px with a two-word
 * site title and both the Admin Mode and Draft preview badges; at 390 px the menu is behind its
 * button and nothing overflows. Axe clean.
 */
import { fullAxe } from './support/axe';
import type { Page } from 'playwright-core';
import { DESKTOP, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

const PHONE_390 = { width: 390, height: 844 } as const;
const TITLES = ['Punchline Collective', 'The Midnight Laughter Society'];

const suite = browserSuite();

function adminPage(viewport: { width: number; height: number }): Promise<Page> {
  return suite.signIn('/admin/general', { viewport });
}


async function setDraftTitle(page: Page, title: string): Promise<void> {
  const status = await page.evaluate(async (site_title) => {
    const headers = { 'content-type': 'application/json' };
    await fetch('/api/settings/lock/acquire', { method: 'POST', headers, body: '{"ttlSeconds":300}' });
    const res = await fetch('/api/settings?stage=draft', { method: 'PUT', headers, body: JSON.stringify({ site_title }) });
    await fetch('/api/settings/lock/release', { method: 'POST', headers, body: '{}' });
    return res.status;
  }, title);
  expect(status).toBe(200);
}

/** How many rows the menu's links take. */
const menuRows = (page: Page) =>
  page.locator('#site-nav a').evaluateAll((links) => new Set(links.map((a) => Math.round((a as HTMLElement).getBoundingClientRect().top))).size);

test.each(TITLES)('the menu stays on one line at 1280 and 1000 px with the title %p and both badges', async (title) => {
  const page = await adminPage(DESKTOP);
  await setDraftTitle(page, title);
  await page.goto(`${suite.app.baseUrl}/?stage=draft`);
  await page.getByText('Draft preview').waitFor();
  await page.getByText('Admin Mode').waitFor();
  expect(await menuRows(page)).toBe(1);
  const header = await page.locator('.site-header__bar').evaluate((bar) => bar.getBoundingClientRect().height);
  expect(header).toBeLessThan(90);
  expect(await horizontalOverflow(page)).toBe(0);
  const axe = await fullAxe(page).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await screenshot(page, `public-header-1280-${title.split(' ').length}-words`);
  await page.setViewportSize({ width: 1000, height: 800 });
  expect(await menuRows(page)).toBe(1);
  expect(await horizontalOverflow(page)).toBe(0);
  // The whole title is still there for people who point at it and for screen readers.
  await expect(page.locator('.brand__title').getAttribute('title')).resolves.toBe(title);
});

test('at 390 px the menu sits behind its button and nothing overflows', async () => {
  const page = await adminPage(PHONE_390);
  await setDraftTitle(page, TITLES[1]!);
  await page.goto(`${suite.app.baseUrl}/?stage=draft`);
  await page.getByText('Draft preview').waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshot(page, 'public-header-390');
});
