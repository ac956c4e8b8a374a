import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export const ARTIFACTS_DIR = join(__dirname, '..', 'artifacts');

/** Full-page PNG under e2e/artifacts/<name>.png (git-ignored); returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** PNG of one element (a panel, a dialog) under e2e/artifacts/<name>.png; returns the path. */
export async function screenshotOf(locator: Locator, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await locator.screenshot({ path });
  return path;
}
