/**
 * The Contact Responses inbox and the Audit Log in Chromium against the built app, with a real SMTP
 * server on loopback: a visitor sends the contact form, the message is emailed and shows up in the
 * inbox, the admin marks it responded (the sidebar badge drops), edits notes, filters and exports
 * CSV; the audit screen lists what happened and its filters work. Error texts, accessibility and
 * phone width. Screenshots land in e2e/artifacts/inbox-*.png and audit-*.png.
 */
import { readFileSync } from 'node:fs';
import { fullAxe } from './support/axe';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type LoopbackSmtp, startLoopbackSmtp } from '../backend/src/contact/test-support/smtp-server.test-kit';
import { type BuiltApp, E2E_ADMIN_EMAIL, startBuiltApp } from './support/app';
import { DESKTOP, PHONE, horizontalOverflow, launchChromium } from './support/browser';
import { screenshot, screenshotOf } from './support/screenshots';

const INBOX = '/admin/contact-responses';
const AUDIT = '/admin/audit';

// Browser steps against a real server on a shared 2-core machine: generous, not infinite.
jest.setTimeout(120_000);

let smtp: LoopbackSmtp;
let app: BuiltApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  app = await startBuiltApp({ env: { SMTP_URL: smtp.url, CONTACT_TO: 'crew@punchline.example' } });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await browser?.close();
  await app?.stop();
  await smtp?.close();
}, 60_000);

async function newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

/** Signs the admin in through the loopback Google stand-in and lands on `path`. */
async function signIn(path: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  await app.oauth!.setDefaultUser({ email: E2E_ADMIN_EMAIL, name: 'Ada Admin', emailVerified: true });
  const page = await newPage(viewport);
  await page.goto(`${app.baseUrl}/api/auth/google?returnTo=${encodeURIComponent(path)}`);
  await page.waitForURL(`${app.baseUrl}${path}`);
  return page;
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await fullAxe(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Sends the public contact form as a visitor would, waiting for the success message. */
async function sendContactForm(name: string, email: string, message: string): Promise<void> {
  const page = await newPage();
  await page.goto(`${app.baseUrl}/contact`);
  await page.waitForFunction(() => {
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await page.fill('#contact-name', name);
  await page.fill('#contact-email', email);
  await page.fill('#contact-message', message);
  await page.click('button[type="submit"]');
  await page.getByText("Message sent! We'll be in touch soon.").waitFor();
  await page.context().close();
}

const card = (page: Page, name: string): Locator => page.locator('article.cr-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cardNames = (page: Page) => page.locator('article.cr-card h2').allTextContents();
const badge = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Contact Responses/ }).locator('.admin-nav__badge');

async function waitForMails(count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (smtp.mails.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${smtp.mails.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Contact Responses', () => {
  it('a visitor’s message is emailed and lands in the inbox; the admin answers it, annotates it and exports CSV', async () => {
    await sendContactForm('Grace Hopper', 'grace@example.com', 'We would love to book you for our conference.\nEarly May?');
    await sendContactForm('Alan Turing', 'alan@example.com', '=1+1 is two, and you are funny.');
    await waitForMails(2);
    expect(smtp.mails.map((m) => m.headers['reply-to']).sort()).toEqual(['Alan Turing <alan@example.com>', 'Grace Hopper <grace@example.com>']);

    const page = await signIn(INBOX);
    await page.getByRole('heading', { level: 1, name: 'Contact Responses' }).waitFor();
    await page.getByText('2 messages.').waitFor();
    expect(await cardNames(page)).toEqual(['Alan Turing', 'Grace Hopper']);
    await expect(badge(page).textContent()).resolves.toBe('2 unanswered');
    const grace = card(page, 'Grace Hopper');
    await expect(grace.getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).resolves.toBe('mailto:grace@example.com');
    await grace.getByText('Email sent').waitFor();
    await expect(grace.locator('.cr-card__message').textContent()).resolves.toBe('We would love to book you for our conference.\nEarly May?');
    await screenshot(page, 'inbox-1280');
    await expectNoSeriousAxeViolations(page);

    // Responded: the card says who, and the sidebar badge counts one fewer.
    await grace.getByText('Responded', { exact: true }).click();
    await grace.getByText(`by ${E2E_ADMIN_EMAIL}`).waitFor();
    await expect(grace.getByRole('radio', { name: 'Responded' }).isChecked()).resolves.toBe(true);
    await page.waitForFunction(() => document.querySelector('.admin-nav__badge')?.textContent === '1 unanswered');

    // Notes: Cancel puts the saved text back; Save keeps it (also after a reload).
    const notes = grace.getByLabel('Notes');
    await notes.fill('Not this');
    await grace.getByRole('button', { name: 'Cancel' }).click();
    await expect(notes.inputValue()).resolves.toBe('');
    await notes.fill('Called back on Tuesday.\nBooked for 5 May.');
    await grace.getByRole('button', { name: 'Save notes' }).click();
    await grace.getByText('Notes saved.').waitFor();
    await expect(grace.getByRole('button', { name: 'Save notes' }).isDisabled()).resolves.toBe(true);
    await screenshotOf(grace, 'inbox-card-responded');
    await page.reload();
    await expect(card(page, 'Grace Hopper').getByLabel('Notes').inputValue()).resolves.toBe('Called back on Tuesday.\nBooked for 5 May.');

    // Filters: search (debounced), responded filter, sort.
    await page.getByRole('searchbox', { name: 'Search' }).fill('turing');
    await page.waitForFunction(() => document.querySelectorAll('article.cr-card').length === 1);
    expect(await cardNames(page)).toEqual(['Alan Turing']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByLabel('Show').selectOption({ label: 'Awaiting reply' });
    await page.getByText('1 message.').waitFor();
    expect(await cardNames(page)).toEqual(['Alan Turing']);
    await page.getByLabel('Show').selectOption({ label: 'All messages' });
    await page.getByLabel('Sort').selectOption({ label: 'Oldest first' });
    await page.waitForFunction(() => document.querySelector('article.cr-card h2')?.textContent === 'Grace Hopper');
    await expect(page.getByLabel('Rows').inputValue()).resolves.toBe('50');

    // Export: the dated file, every match, formulas defused.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contact-responses-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFid,created_at,name,email,message,responded')).toBe(true);
    expect(csv).toContain('Grace Hopper,grace@example.com,"We would love to book you for our conference.\nEarly May?",true,');
    expect(csv).toContain('"Called back on Tuesday.\nBooked for 5 May.",sent,');
    expect(csv).toContain(`,"'=1+1 is two, and you are funny.",false,`);
    expect(csv.indexOf('Grace Hopper')).toBeLessThan(csv.indexOf('Alan Turing'));
  });

  it('shows the SPEC texts when calls fail, and the 403 text', async () => {
    const page = await signIn(INBOX);
    await page.getByText('2 messages.').waitFor();
    const alan = card(page, 'Alan Turing');

    await page.route('**/api/admin/contact-responses/*', (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    await alan.getByText('Responded', { exact: true }).click();
    await alan.getByText('Failed to update response (500)').waitFor();
    await expect(alan.getByRole('radio', { name: 'Awaiting reply' }).isChecked()).resolves.toBe(true);
    await alan.getByLabel('Notes').fill('Will not save');
    await alan.getByRole('button', { name: 'Save notes' }).click();
    await alan.getByText('Failed to save notes (500)').waitFor();

    await page.route('**/api/admin/contact-responses?*format=csv*', (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('Failed to export (503)').waitFor();

    await page.route('**/api/admin/contact-responses?*limit=50*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Sort').selectOption({ label: 'Oldest first' });
    await page.getByText('Failed to load contact responses').waitFor();
    await expect(page.locator('article.cr-card').count()).resolves.toBe(0);
    await screenshot(page, 'inbox-errors-1280');

    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/admin/contact-responses?*limit=50*', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"Admin access required."}' }));
    await page.getByLabel('Sort').selectOption({ label: 'Newest first' });
    await page.getByText('You do not have access to contact responses.').waitFor();
    await expect(page.locator('article.cr-card').count()).resolves.toBe(0);
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const page = await signIn(INBOX, PHONE);
    await page.getByText('2 messages.').waitFor();
    await card(page, 'Grace Hopper').locator('.cr-delivery').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'inbox-360');
    await expectNoSeriousAxeViolations(page);
  });

  // Last in this block: it adds messages the tests above count.
  it('the sidebar badge agrees with the inbox as soon as the inbox loads, not at the next 60 s poll (QA walk-through)', async () => {
    const page = await signIn('/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    await page.waitForFunction(() => document.querySelector('.admin-nav__badge')?.textContent === '1 unanswered');
    await sendContactForm('Katherine Johnson', 'katherine@example.com', 'Could you do an evening at the lab?');
    await sendContactForm('Dorothy Vaughan', 'dorothy@example.com', 'Our team would love a show.');
    // The badge was read before they arrived and its poll is a minute away.
    await expect(badge(page).textContent()).resolves.toBe('1 unanswered');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Contact Responses/ }).click();
    await page.getByLabel('Show').selectOption({ label: 'Awaiting reply' });
    await page.getByText('3 messages.').waitFor();
    await page.waitForFunction(() => document.querySelector('.admin-nav__badge')?.textContent === '3 unanswered', undefined, { timeout: 10_000 });
    await screenshot(page, 'inbox-badge-agrees-1280');
  });
});

// Reads what the Contact Responses tests above did (the suite runs in file order, in one app).
describe('Audit Log', () => {
  it('lists what happened, with working actor, action, text, order and row filters', async () => {
    const page = await signIn(AUDIT);
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const table = page.getByRole('table', { name: 'Audit entries' });
    await table.waitFor();
    const actions = () => table.locator('tbody .al-action').allTextContents();
    // Newest first: the last thing recorded is one of this suite's sign-ins.
    expect((await actions())[0]).toBe('Signed in');
    // Actions in words (issue 25).
    expect(await actions()).toEqual(expect.arrayContaining(['Message received', 'Message delivery', 'Message marked', 'Message notes edited']));
    await screenshot(page, 'audit-1280');
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel('Action').selectOption('ResponseMarked');
    await page.waitForFunction(() => [...document.querySelectorAll('tbody .al-action')].every((a) => a.textContent === 'Message marked'));
    const marked = table.locator('tbody tr').first();
    await expect(marked.locator('td').nth(1).textContent()).resolves.toBe(E2E_ADMIN_EMAIL);
    await marked.locator('summary').click();
    await expect(marked.locator('pre').textContent()).resolves.toContain(`"respondedBy": "${E2E_ADMIN_EMAIL}"`);
    await screenshotOf(table, 'audit-expanded');

    await page.getByLabel('Action').selectOption('');
    // A visitor's address is not in the log (DESIGN §16); the message's entry names its subject id.
    await page.getByRole('searchbox', { name: 'Search' }).fill('subjectId');
    await page.waitForFunction(() => {
      const all = [...document.querySelectorAll('tbody .al-action')].map((a) => a.textContent);
      return all.length > 0 && all.every((a) => a === 'Message received');
    });
    await expect(table.locator('tbody tr').first().locator('td').nth(1).textContent()).resolves.toBe('Visitor or system');

    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByLabel('Actor').selectOption(E2E_ADMIN_EMAIL);
    await page.getByLabel('Order').selectOption({ label: 'Oldest first' });
    await page.waitForFunction(() => document.querySelector('tbody .al-action')?.textContent === 'Signed in');
    const actors = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(new Set(actors)).toEqual(new Set([E2E_ADMIN_EMAIL]));
    await page.getByLabel('Rows').selectOption('25');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length <= 25);
    await expect(page.getByLabel('Rows').inputValue()).resolves.toBe('25');

    await page.route('**/api/admin/audit?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Order').selectOption({ label: 'Newest first' });
    await page.getByText('Failed to load audit log').waitFor();
    await expect(table.count()).resolves.toBe(0);
    // The filter lists are emptied too; the chosen actor stays selectable.
    await expect(page.getByLabel('Action').locator('option').count()).resolves.toBe(1);
  });

  it('turns rows into cards at 360 px without sideways scrolling', async () => {
    const page = await signIn(AUDIT, PHONE);
    await page.getByRole('table', { name: 'Audit entries' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expect(page.locator('tbody tr').first().evaluate((row) => getComputedStyle(row).display)).resolves.toBe('block');
    await screenshot(page, 'audit-360');
    await expectNoSeriousAxeViolations(page);
  });
});
