/**
 * Issue 12 point 8 in Chromium: the public top menu stays on one line at 1280 px with a two-word
 * site title and both the Admin Mode and Draft preview badges; at 390 px the menu is behind its
 * button and nothing overflows. Axe clean. On phones: a long title takes two lines at most beside
 * the menu button; the open menu closes on Escape, a tap outside and focus moving past it, and
 * scrolls when a phone held sideways is too short for it; the sticky header never hides the
 * control that has focus, nor the label of a form field the browser scrolls to.
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

/** Saves `changes` over the draft and publishes it through the API, as the editor would (taking and giving back the lock). */
async function publish(page: Page, changes: Record<string, unknown>): Promise<void> {
  const statuses = await page.evaluate(async (settings) => {
    const headers = { 'content-type': 'application/json' };
    await fetch('/api/settings/lock/acquire', { method: 'POST', headers, body: '{"ttlSeconds":300}' });
    const { updated_at: _ignored, ...draft } = (await (await fetch('/api/settings?stage=draft')).json()) as Record<string, unknown>;
    const saved = await fetch('/api/settings?stage=draft', { method: 'PUT', headers, body: JSON.stringify({ ...draft, ...settings }) });
    const published = await fetch('/api/settings/publish', { method: 'POST', headers, body: '{}' });
    await fetch('/api/settings/lock/release', { method: 'POST', headers, body: '{}' });
    return [saved.status, published.status];
  }, changes);
  expect(statuses).toEqual([200, 200]);
}

/** Waits until React has hydrated the server-rendered page (the menu toggle then answers clicks). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

type Box = { top: number; bottom: number; left: number; right: number };
const boxOf = (page: Page, selector: string): Promise<Box> =>
  page.locator(selector).first().evaluate((el) => {
    const { top, bottom, left, right } = el.getBoundingClientRect();
    return { top, bottom, left, right };
  });

/** The focused element: where it is, whether it is inside the header, and what it says. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const { top, bottom } = el.getBoundingClientRect();
    return { top, bottom, inHeader: !!el.closest('.site-header'), inMenu: !!el.closest('#site-nav'), text: (el.textContent ?? '').trim(), tag: el.tagName };
  });

const LONG_TITLE = 'Punchline Comedy Collective of Greater Minneapolis–Saint Paul';
const SHOWS = Array.from({ length: 4 }, (_v, i) => ({ title: `Showcase ${i + 1}`, date: `May ${i + 1}, 2031`, venue: 'The Lantern Room', link: `https://tickets.example/${i + 1}` }));
const LANDSCAPE = [
  { width: 740, height: 360 },
  { width: 667, height: 375 },
  { width: 844, height: 390 },
];

describe('on phones, with a 61-character site title', () => {
  beforeAll(async () => {
    const page = await suite.signIn('/admin/general', { viewport: DESKTOP });
    await publish(page, { site_title: LONG_TITLE, events_upcoming: SHOWS, events_past: SHOWS });
    await page.context().close();
  });

  /** The title's lines (its height in line heights), and whether the menu button shares the title's row. */
  async function headerLayout(page: Page) {
    const title = await boxOf(page, '.brand__title');
    const toggle = await boxOf(page, '.nav-toggle');
    const lineHeight = await page.locator('.brand__title').evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const header = await boxOf(page, '.site-header');
    return {
      lines: Math.round((title.bottom - title.top) / lineHeight),
      toggleBesideTitle: toggle.top < title.bottom && toggle.bottom > title.top,
      gap: toggle.left - title.right,
      headerHeight: header.bottom - header.top,
    };
  }

  test.each([390, 320])('the title takes two lines at most at %p px, the menu button stays beside it, for a visitor and for an admin', async (width) => {
    const visitor = await suite.page({ width, height: 740 });
    await visitor.goto(`${suite.app.baseUrl}/`);
    await hydrated(visitor);
    const seen = await headerLayout(visitor);
    expect(seen.lines).toBeLessThanOrEqual(2);
    expect(seen.toggleBesideTitle).toBe(true);
    expect(seen.gap).toBeGreaterThanOrEqual(8);
    expect(seen.headerHeight).toBeLessThan(80);
    // The whole title stays in the link's name and the tooltip.
    await visitor.getByRole('link', { name: `${LONG_TITLE} home` }).waitFor();
    await expect(visitor.locator('.brand__title').getAttribute('title')).resolves.toBe(LONG_TITLE);
    await screenshot(visitor, `public-header-long-title-${width}`);

    const admin = await suite.signIn('/', { viewport: { width, height: 740 } });
    await admin.goto(`${suite.app.baseUrl}/?stage=draft`);
    await admin.getByText('Admin Mode').waitFor();
    const asAdmin = await headerLayout(admin);
    expect(asAdmin.lines).toBeLessThanOrEqual(2);
    expect(asAdmin.toggleBesideTitle).toBe(true);
    // The Draft preview flag and the Admin Mode badge share one row under the title.
    expect(asAdmin.headerHeight).toBeLessThan(125);
    expect(await horizontalOverflow(admin)).toBe(0);
    await screenshot(admin, `public-header-long-title-admin-${width}`);
  });

  test('Escape closes the open menu and gives focus back to its button', async () => {
    const page = await suite.page({ width: 390, height: 844 });
    await page.goto(`${suite.app.baseUrl}/events`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ inMenu: true, text: 'Home' });
    await page.keyboard.press('Escape');
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(toggle.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  test('Tab past the last link closes the menu, so the control that gets focus is not behind it', async () => {
    const page = await suite.page({ width: 390, height: 844 });
    await page.goto(`${suite.app.baseUrl}/events`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ inMenu: true, text: 'Contact' });
    await page.keyboard.press('Tab');
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
    const now = await focused(page);
    expect(now.inHeader).toBe(false);
    expect(now.top).toBeGreaterThanOrEqual((await boxOf(page, '.site-header')).bottom - 0.5);
    // Shift+Tab from the menu button to the title link leaves the menu too.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.keyboard.press('Shift+Tab');
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
  });

  test('a tap outside the open menu closes it; a tap on the button still toggles it', async () => {
    const page = await suite.page({ width: 390, height: 844 });
    await page.goto(`${suite.app.baseUrl}/events`);
    await hydrated(page);
    const toggle = page.locator('.nav-toggle');
    await toggle.click();
    await page.locator('#site-nav').waitFor();
    await page.mouse.click(200, 830);
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await page.locator('#site-nav').waitFor();
    await toggle.click();
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
  });

  test.each(LANDSCAPE)('held sideways ($width x $height) the open menu fits the screen and scrolls to its last link', async (viewport) => {
    const page = await suite.page(viewport);
    await page.goto(`${suite.app.baseUrl}/events`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    expect((await boxOf(page, '#site-nav')).bottom).toBeLessThanOrEqual(viewport.height);
    const contact = nav.getByRole('link', { name: 'Contact' });
    await contact.scrollIntoViewIfNeeded();
    const box = await contact.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    await screenshot(page, `public-menu-landscape-${viewport.width}`);
    await contact.click();
    await page.waitForURL(`${suite.app.baseUrl}/contact`);
  });

  test.each([
    { width: 390, height: 844, path: '/contact' },
    { width: 768, height: 1024, path: '/events' },
  ])('Shift+Tab from the bottom of $path at $width px never leaves the focused control under the sticky header', async ({ width, height, path }) => {
    const page = await suite.page({ width, height });
    await page.goto(`${suite.app.baseUrl}${path}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Admin Login' }).focus();
    const hidden: string[] = [];
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const now = await focused(page);
      if (now.inHeader) break;
      const header = await boxOf(page, '.site-header');
      if (now.top < header.bottom - 0.5) hidden.push(`${now.tag} "${now.text}" at ${Math.round(now.top)} under a header ending at ${Math.round(header.bottom)}`);
    }
    expect(hidden).toEqual([]);
  });

  test('sending the empty contact form on a phone scrolls to the first field with its label below the sticky header', async () => {
    const page = await suite.page(PHONE_390);
    await page.goto(`${suite.app.baseUrl}/contact`);
    await hydrated(page);
    // The browser's own check stops the send and scrolls the Name field into view.
    await page.getByRole('button', { name: /send message/i }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'contact-name');
    const label = await page.locator('label[for="contact-name"]').evaluate((el) => el.getBoundingClientRect().top);
    const header = await boxOf(page, '.site-header');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(label).toBeGreaterThanOrEqual(header.bottom);
  });
});
