/**
 * Issue 12 point 7 in Chromium: removing a list item keeps the keyboard where it was (on the item
 * that took its place) and can be undone; on a phone the tab row shows that more tabs are there and
 * keeps the selected one in view. At 1280 and 390 px, axe clean.
 */
import type { Page } from 'playwright-core';
import { addTwoFooterLinks, seriousAxeViolations } from './support/admin';
import { DESKTOP, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

const PHONE_390 = { width: 390, height: 844 } as const;

const suite = browserSuite();

async function signIn(path: string, heading: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.signIn(path, { viewport });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByText('You hold the draft lock').waitFor();
  return page;
}


const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? el?.textContent?.trim() ?? '';
  });

test('Remove moves focus to the next item and offers Undo, for links and for cards (1280 px)', async () => {
  const page = await signIn('/admin/general', 'General Settings', DESKTOP);
  const links = await addTwoFooterLinks(page);

  await links.getByRole('button', { name: 'Remove footer link 1' }).click();
  await links.getByRole('status').getByText('Removed footer link “Tickets”.').waitFor();
  // The keyboard is on the link that moved up into its place, not at the top of the page.
  await expect(focusedName(page)).resolves.toBe('Footer link 1 label');
  await expect(links.getByLabel('Footer link 1 label').inputValue()).resolves.toBe('Press');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await links.getByRole('button', { name: 'Undo' }).click();
  await expect(links.getByLabel('Footer link 1 label').inputValue()).resolves.toBe('Tickets');
  await expect(links.getByLabel('Footer link 2 label').inputValue()).resolves.toBe('Press');
  await expect(focusedName(page)).resolves.toBe('Footer link 1 label');
  await expect(links.getByRole('button', { name: 'Undo' }).count()).resolves.toBe(0);

  // Removing the last one puts the keyboard on the one before it; an edit ends the chance to undo.
  await links.getByRole('button', { name: 'Remove footer link 2' }).click();
  await expect(focusedName(page)).resolves.toBe('Footer link 1 label');
  await links.getByLabel('Footer link 1 label').fill('Tickets and more');
  await expect(links.getByRole('button', { name: 'Undo' }).count()).resolves.toBe(0);

  const cards = await signIn('/admin/page-configurations', 'Page Configurations', DESKTOP);
  await cards.getByRole('tab', { name: 'Merch' }).click();
  await cards.getByRole('button', { name: '+ Add product' }).click();
  await cards.getByRole('textbox', { name: 'Title' }).last().fill('Canvas Tote');
  await cards.getByRole('button', { name: 'Remove product 1' }).click();
  await cards.getByText('Removed “Canvas Tote”.').waitFor();
  await expect(focusedName(cards)).resolves.toBe('+ Add product');
  await cards.getByRole('button', { name: 'Undo' }).click();
  await cards.getByRole('heading', { name: 'Canvas Tote' }).waitFor();
  await screenshot(cards, 'list-undo-1280');
});

test('on a phone the tab row says more tabs are there and keeps the chosen one in view (390 px)', async () => {
  const page = await signIn('/admin/page-configurations', 'Page Configurations', PHONE_390);
  // The hint follows the layout (a resize observer), so it is waited for, not read at once.
  await page.locator('.kit-tabs__bar.has-more-end').waitFor();
  const tabInView = (name: string) =>
    page.getByRole('tab', { name }).evaluate((tab) => {
      const list = tab.parentElement!.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      return box.left >= list.left - 1 && box.right <= list.right + 1;
    });
  await expect(tabInView('Contact')).resolves.toBe(false);
  await page.getByRole('tab', { name: 'Home', selected: true }).focus();
  await page.keyboard.press('End');
  await page.getByRole('tab', { name: 'Contact', selected: true }).waitFor();
  await page.waitForTimeout(100);
  await expect(tabInView('Contact')).resolves.toBe(true);
  await page.locator('.kit-tabs__bar.has-more-start').waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'tabs-phone-390');
});
