/**
 * Issue 12 at 390 px (the other width of its acceptance; 1280 px is in editor.e2e.spec.ts):
 * point 1 (Publish preselects the current draft and lists what changes), point 3 (Preview Draft
 * saves first), point 7 (focus on the new screen's heading, Remove keeps focus and can be undone)
 * and point 8 (the current-draft publish error), each axe clean without horizontal scroll.
 */
import { fullAxe } from './support/axe';
import type { Page } from 'playwright-core';
import { addTwoFooterLinks } from './support/admin';
import { horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';

const PHONE_390 = { width: 390, height: 844 } as const;

const suite = browserSuite({ releaseLocks: true });

async function signIn(path: string, heading: string): Promise<Page> {
  const page = await suite.signIn(path, { viewport: PHONE_390 });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}


async function clean(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toBe(0);
  const axe = await fullAxe(page).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('Publish to Live on a phone: the current draft first, what changes, the current-draft error, publish (points 1 and 8)', async () => {
  const page = await signIn('/admin/page-configurations', 'Page Configurations');
  await page.getByText('You hold the draft lock').waitFor();
  const liveBefore = ((await page.evaluate(async () => (await fetch('/api/settings?stage=live')).json())) as { hero_title: string }).hero_title;
  await page.getByLabel('Hero title').fill('Phone headline');
  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  expect(await dialog.getByRole('radio', { name: 'The current draft (with your unsaved changes)' }).isChecked()).toBe(true);
  await dialog.getByRole('list', { name: 'Changes on live' }).getByText(`Hero title: "${liveBefore}" → "Phone headline"`).waitFor();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await dialog.getByText("Confirm that you've reviewed the current draft.").waitFor();
  await clean(page);
  await dialog.getByLabel('I have reviewed the current draft.').check();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await page.getByText('Published the current draft to live.').waitFor();
});

test('Preview Draft on a phone saves unsaved edits first (point 3)', async () => {
  const page = await signIn('/admin/page-configurations', 'Page Configurations');
  await page.getByText('You hold the draft lock').waitFor();
  await page.getByLabel('Hero title').fill('Previewed on a phone');
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Preview Draft (saves your changes first, opens in a new tab)' }).click(),
  ]);
  await page.getByText('Draft saved.').waitFor();
  await preview.waitForLoadState();
  await preview.getByRole('heading', { name: 'Previewed on a phone' }).waitFor();
  await clean(page);
});

test('keyboard and phone: focus on the new heading, Remove keeps focus and can be undone (point 7)', async () => {
  const page = await signIn('/admin/general', 'General Settings');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Audit Log' }).click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Audit Log');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'General Settings' }).click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'General Settings');
  await page.getByText('You hold the draft lock').waitFor();

  const links = await addTwoFooterLinks(page);
  await links.getByRole('button', { name: 'Remove footer link 1' }).click();
  await links.getByText('Removed footer link “Tickets”.').waitFor();
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('Footer link 1 label');
  await clean(page);
  await links.getByRole('button', { name: 'Undo' }).click();
  await expect(links.getByLabel('Footer link 1 label').inputValue()).resolves.toBe('Tickets');
});
