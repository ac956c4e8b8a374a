/**
 * Forgetting a person in the inbox (DESIGN §16), in Chromium against the built app, at 1280 and 390
 * px: 'Find a person…' looks an address up, 'Everything we hold about {email}' downloads the JSON,
 * 'Erase this person's data…' confirms naming what goes and says what was erased, and the erased
 * messages read 'Erased on {date}' while other senders' stay. axe clean with the dialogs open.
 * Screenshots land in e2e/artifacts/privacy-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DESKTOP, horizontalOverflow } from './support/browser';
import { axeViolations } from './support/axe';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

const INBOX = '/admin/contact-responses';
const PHONE_390 = { width: 390, height: 844 } as const;
jest.setTimeout(120_000);

const suite = browserSuite();

beforeAll(async () => {
  let client = 0;
  const send = async (name: string, from: string, message: string) => {
    client += 1;
    const res = await fetch(`${suite.app.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.app.baseUrl, 'x-forwarded-for': `198.51.100.${client}` },
      body: JSON.stringify({ name, from, message }),
    });
    if (res.status !== 200) throw new Error(`contact answered ${res.status}`);
  };
  await send('Zelda Quux', 'zelda@example.org', 'First words from Zelda');
  await send('Zelda Quux', 'zelda@example.org', 'Second words from Zelda');
  await send('Bob Keeper', 'bob@example.net', 'Bob stays');
});

async function signIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.signIn(INBOX, { name: 'Ada Admin', viewport, context: { acceptDownloads: true } });
  await page.getByRole('heading', { name: 'Bob Keeper' }).waitFor();
  return page;
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function find(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Find a person…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find a person' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Find', exact: true }).click();
}

it('finds a person at 390 px without overflow, axe clean', async () => {
  const page = await signIn(PHONE_390);
  await find(page, 'zelda@example.org');
  await page.getByText('We hold 2 messages from zelda@example.org.').waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  await expectAxeClean(page);
  await screenshot(page, 'privacy-find-390');
});

it('downloads everything held, erases after a confirmation that names what goes, and shows Erased on', async () => {
  const page = await signIn(DESKTOP);
  await find(page, 'Zelda@Example.org');
  const dialog = page.getByRole('dialog', { name: 'Find a person' });
  await dialog.getByText('We hold 2 messages from Zelda@Example.org.').waitFor();
  await expectAxeClean(page);
  await screenshot(page, 'privacy-find-1280');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Everything we hold about Zelda@Example.org' }).click()]);
  const held = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { messages: { message: string }[] };
  expect(held.messages.map((m) => m.message).sort()).toEqual(['First words from Zelda', 'Second words from Zelda']);

  await dialog.getByRole('button', { name: "Erase this person's data…" }).click();
  const confirm = page.getByRole('dialog', { name: "Erase this person's data?" });
  await confirm.getByText(/This erases 2 messages from Zelda@Example\.org \(name, email address and words\)/).waitFor();
  await expectAxeClean(page);
  await screenshot(page, 'privacy-confirm-1280');
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await dialog.getByText(/^Erased 2 messages from Zelda@Example\.org/).waitFor();
  await dialog.getByRole('button', { name: 'Close Find a person' }).click();

  await page.getByRole('heading', { name: /^Erased on / }).nth(1).waitFor();
  expect(await page.getByRole('heading', { name: /^Erased on / }).count()).toBe(2);
  await page.getByRole('heading', { name: 'Bob Keeper' }).waitFor();
  expect(await page.getByText('First words from Zelda').count()).toBe(0);
  await expectAxeClean(page);
  await screenshot(page, 'privacy-erased-1280');
});
