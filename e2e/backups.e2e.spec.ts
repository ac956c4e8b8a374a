/**
 * Issue 29 in Chromium: the Backups panel under Admin Access on the General page lists the kept
 * backups with time, size and Download, and 'Back up now' adds one. At 1280 and 390 px, axe clean,
 * no sideways scrolling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { seriousAxeViolations, signInAdmin } from './support/admin';
import { type BuiltApp, startBuiltApp } from './support/app';
import { DESKTOP, horizontalOverflow, launchChromium } from './support/browser';
import { screenshotOf } from './support/screenshots';

const PHONE_390 = { width: 390, height: 844 } as const;

let app: BuiltApp;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'punchline-e2e-backups-'));
  app = await startBuiltApp({ env: { BACKUP_DIR: dir, BACKUP_EVERY: '24h', BACKUP_KEEP: '5' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it.each([
  ['desktop', DESKTOP],
  ['phone', PHONE_390],
] as const)('lists backups and backs up now (%s)', async (name, viewport) => {
  const { page, context } = await signInAdmin(browser, app, '/admin/general', { viewport });
  try {
    const panel = page.getByRole('region', { name: 'Backups' });
    await panel.getByRole('table', { name: 'Kept backups, newest first' }).waitFor();
    const before = await panel.getByRole('link', { name: /^Download the backup of / }).count();
    expect(before).toBeGreaterThanOrEqual(1);
    await panel.getByRole('button', { name: 'Back up now' }).click();
    await panel.getByRole('status').filter({ hasText: /^Backup taken: punchline-backup-/ }).waitFor();
    await panel.getByRole('link', { name: /^Download the backup of / }).nth(before).waitFor();
    expect(await panel.getByText(/Taken every day into/).count()).toBe(1);
    const href = await panel.getByRole('link', { name: /^Download the backup of / }).first().getAttribute('href');
    const download = await page.evaluate(async (path) => (await fetch(path!)).status, href);
    expect(download).toBe(200);
    await panel.scrollIntoViewIfNeeded();
    await screenshotOf(panel, `backups-panel-${name}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
