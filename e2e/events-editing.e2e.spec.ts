/**
 * Issue 14 point 4 and issue 12 point 9 in Chromium: upcoming shows whose date has passed are
 * marked and moved to Past with one button (a normal draft edit); a date picker writes the text
 * form; Sort by date keeps 'TBA' shows last. At 1280 and 390 px, axe clean.
 */
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/admin';
import { DESKTOP, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

const PHONE_390 = { width: 390, height: 844 } as const;

const suite = browserSuite({ releaseLocks: true });

async function eventsTab(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.signIn('/admin/page-configurations', { viewport });
  await page.getByText('You hold the draft lock').waitFor();
  // Seed the draft with shows: one past, one upcoming, one TBA.
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/settings?stage=draft', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        events_upcoming: [
          { title: 'Mystery Night', date: 'TBA', venue: 'Somewhere', link: '' },
          { title: 'Late Laughs', date: 'June 12, 2031', venue: 'The Cellar', link: '' },
          { title: 'Old Show', date: 'April 1, 2025', venue: 'The Cellar', link: '' },
        ],
        events_past: [],
      }),
    });
    return res.status;
  });
  expect(status).toBe(200);
  await page.reload();
  await page.getByText('You hold the draft lock').waitFor();
  await page.getByRole('tab', { name: 'Events' }).click();
  return page;
}

test('past shows are marked and moved to Past; the picker writes the date; sort keeps TBA last (1280 px)', async () => {
  const page = await eventsTab(DESKTOP);
  await page.getByText('1 upcoming show has a date in the past.').waitFor();
  await page.getByRole('heading', { name: 'Old Show · April 1, 2025 · date has passed' }).waitFor();
  await page.getByText('This date has passed: move the show to Past shows.').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'events-nudge-1280');

  await page.getByRole('button', { name: 'Move past shows to Past' }).click();
  await page.getByText('Unsaved changes').first().waitFor();
  const past = page.getByRole('group', { name: /^Past events/ });
  await past.getByRole('heading', { name: 'Old Show · April 1, 2025' }).waitFor();
  await expect(page.getByText('1 upcoming show has a date in the past.').count()).resolves.toBe(0);

  // The picker writes the text form; Sort by date puts readable dates first.
  await page.getByLabel('Pick the date of Mystery Night').fill('2031-06-01');
  await expect(page.getByRole('group', { name: /^Upcoming events/ }).getByLabel('Date', { exact: true }).first().inputValue()).resolves.toBe('June 1, 2031');
  await page.getByLabel('Pick the date of Mystery Night').fill('');
  await page.getByRole('group', { name: /^Upcoming events/ }).getByLabel('Date', { exact: true }).first().fill('TBA');
  await page.getByRole('button', { name: 'Sort by date' }).click();
  const titles = await page.getByRole('group', { name: /^Upcoming events/ }).getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).toEqual(['Late Laughs · June 12, 2031', 'Mystery Night · TBA']);

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();
  const draft = (await page.evaluate(async () => (await fetch('/api/settings?stage=draft')).json())) as { events_upcoming: { title: string }[]; events_past: { title: string }[] };
  expect(draft.events_upcoming.map((e) => e.title)).toEqual(['Late Laughs', 'Mystery Night']);
  expect(draft.events_past.map((e) => e.title)).toEqual(['Old Show']);
});

test('the nudge and the picker fit a phone (390 px)', async () => {
  const page = await eventsTab(PHONE_390);
  await page.getByText('1 upcoming show has a date in the past.').waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'events-nudge-390');
});
