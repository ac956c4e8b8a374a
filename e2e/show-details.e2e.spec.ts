/**
 * Issue 31 in Chromium at 1280 and 390 px: an admin gives a show a time, an address and a price on
 * the Events tab, the editor warns beside a date whose weekday contradicts it, the site time zone is
 * chosen in General Settings, and the published events page shows the time with its zone, the
 * address and the price. axe runs every WCAG 2.1 A/AA and best-practice rule (support/axe.ts).
 */
import type { Page } from 'playwright-core';
import { AXE_RULES, axeViolations } from './support/axe';
import { DESKTOP, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

const PHONE_390 = { width: 390, height: 844 } as const;

const suite = browserSuite({ releaseLocks: true });

async function signedIn(viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await suite.signIn(path, { viewport });
  await page.getByText('You hold the draft lock').waitFor();
  return page;
}


async function seedDraft(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/settings?stage=draft', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        site_timezone: 'Europe/Berlin',
        events_upcoming: [
          { title: 'Full Card', date: 'Saturday, June 14, 2031 8pm', venue: 'The Cellar', link: 'https://tickets.example/full' },
          { title: 'Wrong Day', date: 'Friday, March 13, 2027', venue: 'Pier 9', link: '' },
        ],
        events_past: [],
      }),
    });
    return res.status;
  });
  expect(status).toBe(200);
  await page.reload();
  await page.getByText('You hold the draft lock').waitFor();
}

const card = (page: Page, title: RegExp) => page.locator('.kit-card').filter({ has: page.getByRole('heading', { level: 3, name: title }) });

test('the editor: site zone, a show with address and price, the weekday warning beside its date (1280 and 390 px)', async () => {
  // General Settings: the site time zone.
  const page = await signedIn(DESKTOP, '/admin/general');
  await seedDraft(page);
  const zone = page.getByLabel('Time zone of show times');
  expect(await zone.inputValue()).toBe('Europe/Berlin');
  await zone.selectOption('America/Chicago');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();

  // The Events tab: the warning sits beside the date and is its description.
  await page.goto(`${suite.app.baseUrl}/admin/page-configurations`);
  await page.getByText('You hold the draft lock').waitFor();
  await page.getByRole('tab', { name: 'Events' }).click();
  const warning = '2027-03-13 is a Saturday, not a Friday';
  const wrong = card(page, /^Wrong Day/);
  await wrong.getByText(warning).waitFor();
  const date = wrong.getByLabel('Date', { exact: true });
  expect(await date.getAttribute('aria-invalid')).toBe('true');
  const described = (await date.getAttribute('aria-describedby')) ?? '';
  const descriptions = await Promise.all(described.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(descriptions.join(' ')).toContain(warning);
  // A date that cannot be read is said so too; correcting the weekday clears the warning.
  await date.fill('Soon');
  await wrong.getByText('This date cannot be read').waitFor();
  await date.fill('Saturday, March 13, 2027');
  await expect(wrong.getByText(warning).count()).resolves.toBe(0);
  await date.fill('Friday, March 13, 2027');
  await wrong.getByText(warning).waitFor();

  const full = card(page, /^Full Card/);
  await full.getByLabel('Address').fill('12 Main St, Chicago, IL 60601');
  await full.getByLabel('Price').fill('15.5x');
  await full.getByText('Enter the price as a number').waitFor();
  await full.getByLabel('Price').fill('15.50');
  await full.getByText('Add the currency of the price.').waitFor();
  await full.getByLabel('Currency').fill('usd');
  expect(await full.getByLabel('Currency').inputValue()).toBe('USD');
  await full.getByLabel('Ticket availability').selectOption('on_sale');
  await full.getByLabel('Performers').fill('Ana Lee, Bo Park');
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'show-details-editor-1280');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();
  const draft = (await page.evaluate(async () => (await fetch('/api/settings?stage=draft')).json())) as { site_timezone: string; events_upcoming: Record<string, string>[] };
  expect(draft.site_timezone).toBe('America/Chicago');
  expect(draft.events_upcoming[0]).toEqual({
    title: 'Full Card',
    date: 'Saturday, June 14, 2031 8pm',
    venue: 'The Cellar',
    link: 'https://tickets.example/full',
    address: '12 Main St, Chicago, IL 60601',
    price: '15.50',
    currency: 'USD',
    availability: 'on_sale',
    performers: 'Ana Lee, Bo Park',
  });
  // No optional field was touched on the other show: it keeps the four fields.
  expect(Object.keys(draft.events_upcoming[1]!).sort()).toEqual(['date', 'link', 'title', 'venue']);

  // The same screen on a phone.
  const phone = await signedIn(PHONE_390, '/admin/page-configurations');
  await phone.getByRole('tab', { name: 'Events' }).click();
  await card(phone, /^Wrong Day/).getByText(warning).waitFor();
  expect(await horizontalOverflow(phone)).toBe(0);
  expect(await axeViolations(phone)).toEqual([]);
  await screenshot(phone, 'show-details-editor-390');
});

test('the published events page shows the time in the site zone, the address and the price (1280 and 390 px)', async () => {
  const page = await signedIn(DESKTOP, '/admin/page-configurations');
  await seedDraft(page);
  const published = await page.evaluate(async () => {
    const save = await fetch('/api/settings?stage=draft', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        site_timezone: 'America/Chicago',
        events_upcoming: [
          {
            title: 'Full Card',
            date: 'Saturday, June 14, 2031 8pm',
            venue: 'The Cellar',
            link: 'https://tickets.example/full',
            address: '12 Main St, Chicago, IL 60601',
            price: '15.50',
            currency: 'USD',
            availability: 'on_sale',
          },
          { title: 'Sold Out Night', date: 'June 20, 2031', venue: 'Pier 9', link: '', availability: 'sold_out', price: '0', currency: 'EUR' },
        ],
      }),
    });
    const publish = await fetch('/api/settings/publish', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return [save.status, publish.status];
  });
  expect(published).toEqual([200, 200]);

  for (const viewport of [DESKTOP, PHONE_390]) {
    const visitor = await suite.page(viewport);
    await visitor.goto(`${suite.app.baseUrl}/events`);
    const show = visitor.locator('.event-card').filter({ hasText: 'Full Card' });
    const time = show.locator('time');
    expect(await time.getAttribute('datetime')).toBe('2031-06-14T20:00:00-05:00');
    expect((await time.textContent())?.trim()).toBe('Saturday, June 14, 2031 8pm CDT');
    await show.getByText('12 Main St, Chicago, IL 60601').waitFor();
    await show.getByText('$15.50').waitFor();
    const soldOut = visitor.locator('.event-card').filter({ hasText: 'Sold Out Night' });
    await soldOut.getByText('Sold out', { exact: true }).waitFor();
    await soldOut.getByText('Free', { exact: true }).waitFor();
    expect(await soldOut.locator('time').getAttribute('datetime')).toBe('2031-06-20');
    expect(await horizontalOverflow(visitor)).toBe(0);
    expect(await axeViolations(visitor)).toEqual([]);
    await screenshot(visitor, `show-details-events-${viewport.width}`);

    await visitor.goto(`${suite.app.baseUrl}/`);
    // Matched without case: the stylesheet upper-cases the link, and Chromium names it as shown.
    await visitor.getByRole('link', { name: /^all events$/i }).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
  }
  // The check ran the rules the issue names, the ones axe leaves out by default among them.
  expect(AXE_RULES).toEqual(expect.arrayContaining(['label-content-name-mismatch', 'p-as-heading', 'css-orientation-lock', 'region', 'landmark-one-main']));
});
