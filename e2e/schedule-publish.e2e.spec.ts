/**
 * Scheduled publishing in Chromium (issue 14 acceptance): schedule from the Publish dialog, see it
 * pending in the editor header, cancel it; at 1280 and 390 px; axe clean.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/admin';
import { type BuiltApp, E2E_ADMIN_EMAIL, startBuiltApp } from './support/app';
import { DESKTOP, horizontalOverflow, launchChromium } from './support/browser';
import { screenshot } from './support/screenshots';

const GENERAL = '/admin/general';
const PHONE_390 = { width: 390, height: 844 } as const;

let app: BuiltApp;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchChromium();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

async function signIn(viewport: { width: number; height: number }): Promise<Page> {
  await app.oauth!.setDefaultUser({ email: E2E_ADMIN_EMAIL, name: 'admin', emailVerified: true });
  await context?.close();
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/api/auth/google?returnTo=${encodeURIComponent(GENERAL)}`);
  await page.waitForURL((url) => url.pathname === GENERAL);
  await page.getByRole('heading', { level: 1, name: 'General Settings' }).waitFor();
  await page.getByText('You hold the draft lock').waitFor();
  return page;
}

/** A `datetime-local` value two days ahead at 18:00 in the browser's zone. */
function twoDaysAheadAtSix(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:00`;
}

test('an admin schedules the current draft from the Publish dialog, sees it pending, and cancels it (1280 px)', async () => {
  const page = await signIn(DESKTOP);
  const liveTitle = (await page.evaluate(async () => (await (await fetch('/api/settings?stage=live')).json()).site_title)) as string;
  await page.getByRole('textbox', { name: 'Site Title' }).fill('Spring season announcement');

  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  await dialog.getByRole('radio', { name: /Schedule for/ }).check();
  const when = dialog.getByLabel(/^Date and time/);
  await expect(when.inputValue()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
  const chosen = twoDaysAheadAtSix();
  await when.fill(chosen);
  const chosenInstant = await page.evaluate((local) => new Date(local).toISOString(), chosen);
  // Issue 25: the moment in the admin's reading; the zone is named once, in the label.
  await dialog.getByText(/^Goes live .+, 18:00\.$|^Goes live .+ 6:00\s?PM\.$/).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'schedule-publish-dialog-1280');

  // The review box is still required for a schedule.
  await dialog.getByRole('button', { name: 'Schedule publish' }).click();
  await dialog.getByText("Confirm that you've reviewed the current draft.").waitFor();
  await dialog.getByRole('checkbox', { name: 'I have reviewed the current draft.' }).check();
  await dialog.getByRole('button', { name: 'Schedule publish' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.getByText(/^Scheduled the current draft \(saved as a snapshot\) to go live on .+\)\.$/).waitFor();

  const pending = page.getByRole('region', { name: 'Scheduled publishes' });
  await pending.getByText(/goes live/).waitFor();
  await pending.getByText(/scheduled by admin@example\.com/).waitFor();
  // Issue 25: one moment, named once, in local time with the zone named once.
  const line = (await pending.getByRole('listitem').first().innerText()).replace(/\s+/g, ' ');
  expect(line).toMatch(/^The draft saved for this schedule goes live .+ · scheduled by admin@example\.com/);
  expect(line.split(zone)).toHaveLength(2);
  expect(line.match(/\d{1,2}:\d{2}/g)).toHaveLength(1);
  // Nothing went live yet; the unsaved edit was saved into the draft first.
  const after = (await page.evaluate(async () => {
    const get = async (p: string) => (await fetch(p)).json();
    return { live: (await get('/api/settings?stage=live')).site_title, draft: (await get('/api/settings?stage=draft')).site_title, schedules: (await get('/api/settings/schedules')).schedules };
  })) as { live: string; draft: string; schedules: { at: string; snapshot_label: string }[] };
  expect(after.live).toBe(liveTitle);
  expect(after.draft).toBe('Spring season announcement');
  expect(after.schedules).toHaveLength(1);
  expect(after.schedules[0]!.at).toBe(chosenInstant);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'schedule-publish-pending-1280');

  await pending.getByRole('button', { name: /^Cancel the scheduled publish of / }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this scheduled publish?' });
  await confirm.getByRole('button', { name: 'Keep it' }).waitFor();
  await confirm.getByText(/What stays: the snapshot ‘Scheduled for .+’ \(under Snapshots, to publish or schedule later\) and the draft as it is now\. Live does not change\./).waitFor();
  await confirm.getByRole('button', { name: 'Cancel scheduled publish' }).click();
  await page.getByText(/^Cancelled the scheduled publish of ‘The draft saved for this schedule’\. The snapshot ‘Scheduled for .+’ stays under Snapshots, and the draft still holds its changes\.$/).waitFor();
  await expect(pending.getByText(/goes live/).count()).resolves.toBe(0);
  const left = (await page.evaluate(async () => (await (await fetch('/api/settings/schedules')).json()).schedules)) as unknown[];
  expect(left).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'schedule-cancelled-1280');
  // The offer to put the draft back: the draft reads as live again, nothing published.
  await pending.getByRole('button', { name: 'Put the draft back to what is live' }).click();
  await page.getByText('Draft replaced with the live settings. Nothing was published.').waitFor();
  await expect(page.getByRole('textbox', { name: 'Site Title' }).inputValue()).resolves.toBe(liveTitle);
});

test('the schedule choice fits a phone (390 px): no horizontal scroll, axe clean', async () => {
  const page = await signIn(PHONE_390);
  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  await dialog.getByRole('radio', { name: /Schedule for/ }).check();
  await dialog.getByLabel(/^Date and time/).waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'schedule-publish-dialog-390');
  // Issue 25 on a phone: the pending line and what a cancel leaves, without sideways scrolling.
  await dialog.getByLabel(/^Date and time/).fill(twoDaysAheadAtSix());
  await dialog.getByRole('checkbox', { name: 'I have reviewed the current draft.' }).check();
  await dialog.getByRole('button', { name: 'Schedule publish' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const pending = page.getByRole('region', { name: 'Scheduled publishes' });
  await pending.getByText(/goes live/).waitFor();
  await pending.getByRole('button', { name: /^Cancel the scheduled publish of / }).click();
  await page.getByRole('dialog', { name: 'Cancel this scheduled publish?' }).getByRole('button', { name: 'Cancel scheduled publish' }).click();
  await pending.getByRole('button', { name: 'Keep the draft' }).waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'schedule-cancelled-390');
  await pending.getByRole('button', { name: 'Keep the draft' }).click();
  await expect(pending.count()).resolves.toBe(0);
});
