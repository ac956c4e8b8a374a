/**
 * Issue 10 in Chromium: the Audit Log's summaries and 'Content changes only'; the Site history
 * screen: compare two points, view the site as it was (/?at=N with its banner, while / and a
 * visitor's /?at=N show today's site), roll live back, restore into the draft, verify integrity.
 * Axe clean; 360 px without horizontal scroll.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { publishTitle, seriousAxeViolations } from './support/admin';
import { type BuiltApp, startBuiltApp } from './support/app';
import { DESKTOP, PHONE, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

const suite = browserSuite();

function signIn(path: string, viewport: { width: number; height: number } = DESKTOP, on?: BuiltApp): Promise<Page> {
  return suite.signIn(path, { viewport, on });
}

test('compare, view as it was, roll back, restore and verify (1280 px)', async () => {
  const page = await signIn('/admin/audit');
  await publishTitle(page, 'Spring Season');
  await publishTitle(page, 'Summer Season');

  // The Audit Log reads as sentences; content only hides sign-ins and lock traffic.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
  await page.getByText('Published the current draft to live').first().waitFor();
  await page.getByRole('checkbox', { name: 'Content changes only' }).check();
  // The rows stay while the filtered list loads (no jump): wait for the answer, not for rows already there.
  await page.waitForFunction(() => {
    const actions = [...document.querySelectorAll('tbody .al-action')].map((a) => a.textContent);
    return actions.length > 0 && !actions.includes('Signed in') && document.querySelector('table[aria-busy]') === null;
  });
  await page.getByText('Saved the draft: Site title').first().waitFor();
  await expect(page.getByRole('cell', { name: 'Signed in', exact: true }).count()).resolves.toBe(0);
  await page.getByText('Published the current draft to live').first().click();
  await page.getByRole('list', { name: 'Changes: Published the current draft to live' }).getByText('“Spring Season”').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The subtitle offers what an admin may do there; the sidebar lists Site history under the Audit Log.
  await page.getByRole('main').getByRole('link', { name: 'Site history: compare, view the site as it was, roll back' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  expect(await nav.locator(':scope > ul > li > a').allTextContents()).toEqual(['General Settings', 'Page Configurations', 'Media Manager', 'Contact Responses', 'Audit Log']);
  await nav.getByRole('link', { name: 'Site history' }).click();
  await page.getByRole('heading', { level: 1, name: 'Site history' }).waitFor();
  const timeline = page.getByRole('list', { name: 'Timeline of the live site' });
  const items = timeline.getByRole('listitem');
  await items.first().getByText('Published the current draft to live').waitFor();
  // Compare the two publishes.
  await items.nth(0).getByRole('checkbox').check();
  await items.nth(1).getByRole('checkbox').check();
  const changes = page.getByRole('list', { name: 'Changes between the two points' });
  await changes.getByText('Site title').waitFor();
  await changes.getByText('“Summer Season”').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'site-history-1280');

  // View the site as it was after the first publish, in a new tab.
  const [older] = await Promise.all([page.context().waitForEvent('page'), items.nth(1).getByRole('link', { name: /View the site as it was/ }).click()]);
  await older.waitForLoadState();
  await older.getByText(/Viewing the site as it was on/).waitFor();
  await older.locator('.brand__title', { hasText: 'Spring Season' }).waitFor();
  expect(new URL(await older.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).getAttribute('href').then((h) => `http://x${h}`)).searchParams.get('at')).toMatch(/^\d+$/);
  expect(await seriousAxeViolations(older)).toEqual([]);
  await older.goto(`${suite.app.baseUrl}/`);
  await older.locator('.brand__title', { hasText: 'Summer Season' }).waitFor();
  await expect(older.getByText(/Viewing the site as it was on/).count()).resolves.toBe(0);
  // A visitor asking for a point in history gets today's site.
  const visitorHtml = await (await fetch(`${suite.app.baseUrl}${new URL(older.url()).pathname}?at=1`)).text();
  expect(visitorHtml).toContain('Summer Season');
  expect(visitorHtml).not.toContain('Viewing the site as it was');

  // Roll live back to the first publish: the confirm names what changes.
  await items.nth(1).getByRole('button', { name: 'Roll back live to this publish' }).click();
  const confirm = page.getByRole('dialog', { name: 'Roll back the live site?' });
  await confirm.getByRole('list', { name: 'What changes' }).getByText('“Spring Season”').waitFor();
  await confirm.getByRole('button', { name: 'Roll back live' }).click();
  await page.getByText(/^Live rolled back to the publish of /).waitFor();
  const live = (await (await fetch(`${suite.app.baseUrl}/api/settings?stage=live`)).json()) as { site_title: string };
  expect(live.site_title).toBe('Spring Season');
  // The server's sentence says UTC; the timeline reads it in local time, as every other date here.
  const rolledBack = page.getByText(/^Rolled live back to the publish of .+: Site title$/).first();
  await rolledBack.waitFor();
  expect(await rolledBack.textContent()).not.toContain('UTC');
  await expect(timeline.getByText(/UTC/).count()).resolves.toBe(0);

  // Restore the draft timeline's first point into the draft (needs the lock: take it first).
  await page.evaluate(() => fetch('/api/settings/lock/acquire', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ttlSeconds":300}' }));
  await page.getByRole('radio', { name: 'Draft' }).check();
  const draftItems = page.getByRole('list', { name: 'Timeline of the draft' }).getByRole('listitem');
  await draftItems.last().getByRole('button', { name: 'Restore into draft' }).click();
  await page.getByRole('dialog', { name: 'Restore this point into the draft?' }).getByRole('button', { name: 'Restore into draft' }).click();
  await page.getByText(/^The draft now holds the draft site as it was on /).waitFor();

  await page.getByRole('button', { name: 'Verify integrity' }).click();
  await page.getByText(/^Verified: the log’s hash chain is intact over \d+ events\./).waitFor();
  await page.getByRole('button', { name: 'Copy head hash' }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the checkpoint grows with the page's own rollback, and Download keeps the log's current one (QA walk-through)", async () => {
  const page = await signIn('/admin/history');
  await publishTitle(page, 'Checkpoint One');
  await publishTitle(page, 'Checkpoint Two');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Site history' }).waitFor();
  await page.getByText(/^Show the checkpoint of \d+ events/).click();
  const shown = page.getByLabel('Current checkpoint');
  const sizeOf = (checkpoint: string | null) => Number(checkpoint?.split('\n')[1]);
  const logCheckpoint = async () => (await fetch(`${suite.app.baseUrl}/api/log/checkpoint`)).text();
  const before = sizeOf(await shown.textContent());
  expect(await shown.textContent()).toBe(await logCheckpoint());

  const items = page.getByRole('list', { name: 'Timeline of the live site' }).getByRole('listitem');
  await items.nth(1).getByRole('button', { name: 'Roll back live to this publish' }).click();
  await page.getByRole('dialog', { name: 'Roll back the live site?' }).getByRole('button', { name: 'Roll back live' }).click();
  await page.getByText(/^Live rolled back to the publish of /).waitFor();
  // The rollback appended events: the panel shows the log's checkpoint now, without a reload.
  await page.waitForFunction((n) => Number(document.querySelector('[aria-label="Current checkpoint"]')?.textContent?.split('\n')[1]) > n, before);
  expect(await shown.textContent()).toBe(await logCheckpoint());
  await page.getByText(/^Show the checkpoint of \d+ events/).filter({ hasText: `of ${sizeOf(await shown.textContent())} events` }).waitFor();

  // The log grows elsewhere meanwhile; the file kept is the checkpoint at the click, which the panel then shows.
  const afterRollback = sizeOf(await shown.textContent());
  await publishTitle(page, 'Checkpoint Three');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download checkpoint' }).click()]);
  const kept = readFileSync((await download.path())!, 'utf8');
  expect(kept).toBe(await logCheckpoint());
  expect(sizeOf(kept)).toBeGreaterThan(afterRollback);
  expect(download.suggestedFilename()).toBe(`punchline-checkpoint-${sizeOf(kept)}.txt`);
  await page.waitForFunction((text) => document.querySelector('[aria-label="Current checkpoint"]')?.textContent === text, kept);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'site-history-checkpoint-after-rollback');
});

test('the history screen fits 360 px', async () => {
  const page = await signIn('/admin/history', PHONE);
  await publishTitle(page, 'Autumn Season');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Site history' }).waitFor();
  await page.getByRole('list', { name: 'Timeline of the live site' }).getByRole('listitem').first().waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'site-history-360');
});

test('a field says who changed it last and links to its history', async () => {
  const page = await signIn('/admin/general');
  await publishTitle(page, 'Winter Season');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'General Settings' }).waitFor();
  const note = page.locator('.kit-field', { has: page.getByRole('textbox', { name: 'Site Title' }) }).locator('.ed-provenance');
  await note.getByText(/^Changed by admin@example\.com, /).waitFor();
  await note.getByRole('link', { name: 'history' }).click();
  await page.getByRole('heading', { level: 1, name: 'Site history' }).waitFor();
  await page.getByText('Showing changes to Site title only.').waitFor();
  const items = page.getByRole('list', { name: 'Timeline of the draft' }).getByRole('listitem');
  await items.first().getByText(/Site title/).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the Audit Log in words: a lock holding as one entry, local times, the record behind Details, search by label, export download (1280 and 390 px)', async () => {
  const page = await signIn('/admin/audit');
  // A holding with two renewals, and a save of the site title only (as the editor sends it).
  const ok = await page.evaluate(async () => {
    const headers = { 'content-type': 'application/json' };
    const lock = () => fetch('/api/settings/lock/acquire', { method: 'POST', headers, body: '{"ttlSeconds":300}' });
    // An earlier test here may leave the admin holding the draft lock (a restore takes it); end that
    // holding first, or these acquires renew it and the entry counts more renewals.
    await fetch('/api/settings/lock/release', { method: 'POST', headers, body: '{}' });
    const steps = [await lock(), await lock(), await lock()];
    steps.push(await fetch('/api/settings?stage=draft', { method: 'PUT', headers, body: JSON.stringify({ site_title: 'Audit Words' }) }));
    steps.push(await fetch('/api/settings/lock/release', { method: 'POST', headers, body: '{}' }));
    return steps.every((r) => r.ok);
  });
  expect(ok).toBe(true);
  await page.reload();
  const table = page.getByRole('table', { name: 'Audit entries' });
  await table.getByText(/^Held the draft lock .+–.+, 2 renewals$/).first().waitFor();
  await table.getByText('Draft lock taken').first().waitFor();
  // No event names and no renewal rows in the default view; times are local (no 'UTC' in the sentences).
  expect(await table.locator('.al-action, .al-meta > div > span, .al-meta summary').filter({ hasText: /LockRefreshed|LockAcquired|AdminSignedIn/ }).count()).toBe(0);
  expect(await table.getByText('Draft lock renewed').count()).toBe(0);
  expect(await table.locator('summary, .al-meta > div > span').filter({ hasText: 'UTC' }).count()).toBe(0);

  // The first save's entry lists what was sent: the title, not the badge label the editor derives from it (issue 25 defect 6).
  const saveRow = table.getByRole('row').filter({ hasText: 'Saved the draft: Site title' }).first();
  await saveRow.getByText('Saved the draft: Site title', { exact: true }).click();
  const changes = saveRow.getByRole('list', { name: 'Changes: Saved the draft: Site title' });
  await changes.getByText('“Audit Words”').waitFor();
  expect(await changes.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^Site title/)]);
  // The record itself behind Details.
  await saveRow.getByText(/^Details of entry/).click();
  await saveRow.getByText(/"event": "DraftSaved"/).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'audit-log-words-1280');

  // Search finds the words on screen.
  await page.getByRole('searchbox', { name: 'Search' }).fill('site title');
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 0 && [...document.querySelectorAll('tbody .al-action')].every((a) => /Draft saved|Published|Live rolled back|Draft restored/.test(a.textContent ?? '')));
  // Every lock renewal on request.
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('checkbox', { name: 'Every lock renewal' }).check();
  await table.getByText('Draft lock renewed').first().waitFor();

  // The export downloads as a file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download export/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^punchline-event-log-\d{4}-\d\d-\d\d\.ndjson$/);
  expect((await download.createReadStream().then(async (stream) => { let text = ''; for await (const chunk of stream) text += chunk; return text; })).split('\n')[0]).toContain('"format":"punchline-event-log"');

  const phone = await signIn('/admin/audit', { width: 390, height: 844 });
  await phone.getByRole('table', { name: 'Audit entries' }).getByText(/^Held the draft lock/).first().waitFor();
  await phone.getByRole('link', { name: /^Download export/ }).waitFor();
  expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(phone)).toEqual([]);
  await screenshot(phone, 'audit-log-words-390');
  await phone.goto(`${suite.app.baseUrl}/admin/history`);
  await phone.getByRole('link', { name: /^Download export/ }).waitFor();
  expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
});

test('Verify integrity names an event altered with SQL, in red', async () => {
  // Its own app on a DATA_DIR kept between two starts: the embedded database is altered while the app is stopped.
  const dataDir = mkdtempSync(join(tmpdir(), 'punchline-e2e-tamper-'));
  let tampered: BuiltApp | null = await startBuiltApp({ dataDir });
  try {
    const first = await signIn('/admin/history', DESKTOP, tampered);
    await publishTitle(first, 'Honest Title');
    await tampered.stop();
    tampered = null;

    const db = await PGlite.create(join(dataDir, 'pglite'));
    const target = (await db.query<{ global_position: number; event_id: string; stream_id: string; type: string }>(
      `SELECT global_position::int, event_id::text, stream_id, type FROM es.events WHERE type = 'DraftSaved' ORDER BY global_position LIMIT 1`,
    )).rows[0]!;
    await db.query(`UPDATE es.events SET data = jsonb_set(data::jsonb, '{changes}', '{"site_title":"Forged Title"}') WHERE global_position = $1`, [target.global_position]);
    await db.close();

    tampered = await startBuiltApp({ dataDir });
    const page = await signIn('/admin/history', DESKTOP, tampered);
    await page.getByRole('heading', { level: 1, name: 'Site history' }).waitFor();
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Altered event found' });
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain(`Altered event found at point ${target.global_position}: stream ${target.stream_id}, ${target.type}, event ${target.event_id}.`);
    // Shown in red: the error style's text colour has red as its strongest channel.
    const [r, g, b] = (await alert.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(Math.max(g!, b!) + 60);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'site-history-verify-altered');
  } finally {
    await tampered?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
