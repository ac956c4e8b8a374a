/** What the admin browser suites share: a signed-in page and the accessibility check they all make. */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type BuiltApp, E2E_ADMIN_EMAIL } from './app';
import { fullAxe } from './axe';

/**
 * Signs `email` in through the loopback Google stand-in in a new browser context and lands on
 * `path`; the context is returned too, for the caller to close.
 */
export async function signInAdmin(
  browser: Browser,
  app: BuiltApp,
  path: string,
  options: { viewport?: { width: number; height: number }; email?: string } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const email = options.email ?? E2E_ADMIN_EMAIL;
  await app.oauth!.setDefaultUser({ email, name: email.split('@')[0]!, emailVerified: true });
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/api/auth/google?returnTo=${encodeURIComponent(path)}`);
  await page.waitForURL((url) => url.pathname === path);
  return { page, context };
}

/** axe's serious and critical violations on the page as it is now, every WCAG 2.1 A/AA and best-practice rule run (support/axe.ts; ids, details logged). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await fullAxe(page).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of serious) console.log(v.id, v.nodes.map((n) => n.target.join(' ')).slice(0, 3));
  return serious.map((v) => v.id);
}

/** Saves a title into the draft and publishes it through the API, as the editor would (taking and giving back the lock). */
export async function publishTitle(page: Page, title: string): Promise<void> {
  const ok = await page.evaluate(async (site_title) => {
    const headers = { 'content-type': 'application/json' };
    await fetch('/api/settings/lock/acquire', { method: 'POST', headers, body: '{"ttlSeconds":300}' });
    const saved = await fetch('/api/settings?stage=draft', { method: 'PUT', headers, body: JSON.stringify({ site_title }) });
    const published = await fetch('/api/settings/publish', { method: 'POST', headers, body: '{}' });
    await fetch('/api/settings/lock/release', { method: 'POST', headers, body: '{}' });
    return saved.ok && published.ok;
  }, title);
  expect(ok).toBe(true);
}

/** On General Settings: adds two footer links, 'Tickets' then 'Press'; returns their group. */
export async function addTwoFooterLinks(page: Page): Promise<Locator> {
  const links = page.getByRole('group', { name: /^Footer links/ });
  await links.getByRole('button', { name: '+ Add footer link' }).click();
  await links.getByLabel('Footer link 1 label').fill('Tickets');
  await links.getByRole('button', { name: '+ Add footer link' }).click();
  await links.getByLabel('Footer link 2 label').fill('Press');
  return links;
}
