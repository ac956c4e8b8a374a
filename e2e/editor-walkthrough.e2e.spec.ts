/**
 * Issue 25, the editor half, in Chromium: Restore into draft from Site history on the natural path
 * (the restore takes a free lock by itself and names the admin who holds it otherwise); an open
 * editor tab hears draft changes made elsewhere and reloads, or offers to when it has unsaved
 * edits; and on a phone the signed-in site title keeps its words whole, library images show by name
 * and thumbnail (fields and the publish dialog), Media Manager cards show whole file names, and
 * publishing returns to the Draft view. At 1280 and 390 px (the title also at 360), axe clean.
 */
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/admin';
import { E2E_ADMIN_EMAIL } from './support/app';
import { DESKTOP, PHONE, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { png } from './support/png';
import { screenshot } from './support/screenshots';

const SECOND_ADMIN = 'bea@example.com';
const PHONE_390 = { width: 390, height: 844 } as const;

const suite = browserSuite({ env: { ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${SECOND_ADMIN}` }, releaseLocks: true });

function signIn(email: string, name: string, path: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  return suite.signIn(path, { email, name, viewport });
}


async function valueOf(page: Page, name: string, expected: string): Promise<void> {
  const field = page.getByRole('textbox', { name, exact: true });
  const end = Date.now() + 10_000;
  while ((await field.inputValue()) !== expected) {
    if (Date.now() > end) throw new Error(`${name} is "${await field.inputValue()}", not "${expected}"`);
    await page.waitForTimeout(50);
  }
}

async function lockHolder(page: Page): Promise<string | null> {
  const body = (await page.evaluate(async () => (await fetch('/api/settings/lock')).json())) as { lock: { holder_email: string } | null };
  return body.lock?.holder_email ?? null;
}

async function saveTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Site Title' }).fill(title);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();
}

async function restorePoint(history: Page, index: number): Promise<void> {
  const items = history.getByRole('list', { name: 'Timeline of the draft' }).getByRole('listitem');
  await items.nth(index).getByRole('button', { name: 'Restore into draft' }).click();
  const confirm = history.getByRole('dialog', { name: 'Restore this point into the draft?' });
  await confirm.getByRole('list', { name: 'What changes' }).or(confirm.getByText('No changes')).first().waitFor();
  await confirm.getByRole('button', { name: 'Restore into draft' }).click();
  await confirm.waitFor({ state: 'hidden' });
}

test('Restore into draft on the natural path takes the free lock; an open editor hears it; another admin’s lock is named (1280 px)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, 'Ada Admin', '/admin/general');
  await page.getByText('You hold the draft lock').waitFor();
  await saveTitle(page, 'Restorable title');
  await saveTitle(page, 'Later title');

  // Editor → Audit Log → Site history → Draft: the editor gives the lock back on leaving.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
  await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: /^Site history/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Site history' }).waitFor();
  await page.getByRole('radio', { name: 'Draft' }).check();
  const items = page.getByRole('list', { name: 'Timeline of the draft' }).getByRole('listitem');
  await items.first().getByText('Saved the draft: Site title').waitFor();
  const freeBy = Date.now() + 10_000;
  while ((await lockHolder(page)) !== null) {
    if (Date.now() > freeBy) throw new Error('the editor kept the lock after leaving');
    await page.waitForTimeout(100);
  }

  await restorePoint(page, 1);
  await page.getByText(/^The draft now holds the draft site as it was on /).waitFor();
  // The lock was taken for the restore and given back with it (the events: history.int.spec.ts).
  expect(await lockHolder(page)).toBeNull();
  expect(((await page.evaluate(async () => (await fetch('/api/settings?stage=draft')).json())) as { site_title: string }).site_title).toBe('Restorable title');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // An editor open in another tab hears the next restore and shows it (it has no unsaved edits).
  const editor = await page.context().newPage();
  await editor.goto(`${suite.app.baseUrl}/admin/general`);
  await editor.getByText('You hold the draft lock').waitFor();
  await valueOf(editor, 'Site Title', 'Restorable title');
  await page.reload();
  await page.getByRole('radio', { name: 'Draft' }).check();
  await items.first().getByText(/Restored the draft/).waitFor();
  // Newest first: the restore, then 'Later title', then 'Restorable title'.
  await restorePoint(page, 1);
  await page.getByText(/^The draft now holds the draft site as it was on /).waitFor();
  await valueOf(editor, 'Site Title', 'Later title');
  await editor.getByText('The draft was changed elsewhere (another tab, Site history or another admin); the editor now shows it.').waitFor();

  // With an unsaved edit it offers to load the changed draft, keeping the edit to restore on top.
  await editor.getByRole('textbox', { name: 'Footer text' }).fill('Typed in the other tab');
  await page.reload();
  await page.getByRole('radio', { name: 'Draft' }).check();
  await items.first().getByText(/Restored the draft/).waitFor();
  await restorePoint(page, 3);
  await editor.getByText(/^The draft was changed elsewhere since you loaded it\./).waitFor();
  expect(await seriousAxeViolations(editor)).toEqual([]);
  await screenshot(editor, 'draft-changed-elsewhere-1280');
  await editor.getByRole('button', { name: 'Load the changed draft' }).click();
  await valueOf(editor, 'Site Title', 'Restorable title');
  await editor.getByRole('button', { name: 'Restore my changes' }).click();
  await valueOf(editor, 'Footer text', 'Typed in the other tab');

  // Another admin holds the lock: the restore is refused, naming them; nothing speaks of saving.
  await editor.getByRole('button', { name: 'Release' }).click();
  await editor.getByRole('dialog', { name: 'Release the lock with unsaved changes?' }).getByRole('button', { name: 'Release and keep my changes' }).click();
  const bea = await signIn(SECOND_ADMIN, 'Bea Booker', '/admin/general');
  await bea.getByText('You hold the draft lock').waitFor();
  await editor.getByText('Locked by Bea Booker', { exact: true }).waitFor();
  await editor.getByText(/^bea@example\.com\. Since /).waitFor();
  await restorePoint(page, 1);
  const refused = page.getByRole('alert').filter({ hasText: 'Bea Booker (bea@example.com) is editing the draft and holds its lock' });
  await refused.waitFor();
  expect(await refused.textContent()).not.toMatch(/sav/i);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'site-history-restore-locked-1280');

  // The same screens on a phone.
  for (const screen of [page, editor]) {
    await screen.setViewportSize(PHONE_390);
    expect(await horizontalOverflow(screen)).toBe(0);
    expect(await seriousAxeViolations(screen)).toEqual([]);
  }
  await screenshot(page, 'site-history-restore-locked-390');
  await screenshot(editor, 'editor-locked-by-name-390');
});

test('on a phone: whole words in the signed-in title, library images by name, whole card names, publish returns to Draft (390 and 360 px)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, 'Ada Admin', '/admin/media', PHONE_390);
  const fileName = 'spring-season-poster-with-a-long-name.png';
  await page.getByRole('heading', { level: 1, name: 'Media Manager' }).waitFor();
  await page.locator('.md-header__upload input[type=file]').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png(160, 100, [40, 90, 200]) });
  const name = page.locator('.md-card__name', { hasText: fileName });
  await name.waitFor();
  // The whole name shows, wrapped, nothing cut off.
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'media-card-names-390');

  // The hero image field names the library file and shows it; its proxy URL folds away.
  const proxied = `/api/storage/proxy?bucket=media&path=${fileName}`;
  await page.goto(`${suite.app.baseUrl}/admin/page-configurations`);
  await page.getByText('You hold the draft lock').waitFor();
  // getByLabel, not getByRole: once the field holds a library file its address is folded away (hidden).
  const hero = page.getByLabel('Hero image', { exact: true });
  await hero.fill(proxied);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();
  await page.reload();
  await page.getByText('You hold the draft lock').waitFor();
  const field = page.locator('.ed-media', { has: hero });
  await field.locator('.ed-media__file', { hasText: fileName }).waitFor();
  await field.locator('.ed-media__preview img').waitFor();
  expect(await hero.isVisible()).toBe(false);
  expect(await field.innerText()).not.toContain('/api/storage/proxy');

  // The publish dialog names the file and shows its thumbnail; publishing returns to the Draft view.
  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  const changes = dialog.getByRole('list', { name: 'Changes on live' });
  await changes.getByText(`Hero image: (empty) → "${fileName}" (media library)`).waitFor();
  await changes.locator('img.ed-publish-changes__thumb').waitFor();
  expect(await changes.innerText()).not.toContain('/api/storage/proxy');
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'publish-dialog-media-name-390');
  await dialog.getByLabel('I have reviewed the current draft.').check();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await page.getByText('Published the current draft to live.').waitFor();
  expect(await page.getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
  await page.getByText('You hold the draft lock').waitFor();

  // The public header beside the Admin Mode badge: no word of the title broken across lines.
  for (const viewport of [PHONE_390, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`${suite.app.baseUrl}/`);
    await page.getByText('Admin Mode', { exact: true }).waitFor();
    const broken = await page.locator('.brand__title').evaluate((el) => {
      const text = el.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return ['(no text)'];
      const words: string[] = [];
      const content = text.textContent ?? '';
      for (const match of content.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) words.push(match[0]);
      }
      return words;
    });
    expect(broken).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `public-header-admin-${viewport.width}`);
  }
});
