/**
 * Issue 12 point 2 in Chromium: on a fresh site the first save records and applies only what the
 * admin changed; the editor says where the public site reads an unset field differently, and saves
 * the editor's values only when asked. At 1280 and 390 px, axe clean.
 */
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/admin';
import { DESKTOP, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';
import { screenshot } from './support/screenshots';

const PHONE_390 = { width: 390, height: 844 } as const;

const suite = browserSuite();

async function signIn(path: string, heading: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await suite.signIn(path, { viewport });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByText('You hold the draft lock').waitFor();
  return page;
}


async function json<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(p, { credentials: 'include' })).json(), path) as Promise<T>;
}

interface AuditItem {
  action: string;
  meta: { changes?: Record<string, unknown> };
}

test('the first save on a fresh site records and publishes only the site title (1280 px)', async () => {
  const page = await signIn('/admin/general', 'General Settings');
  const liveBefore = await json<Record<string, unknown>>(page, '/api/settings?stage=live');
  const homeBefore = await (await fetch(`${suite.app.baseUrl}/`)).text();

  // Issue 25: the page background reads #111111 here and #050505 on the site, which look the same:
  // a fresh site does not greet the admin with a note about it.
  // (The public reading is read after the draft loads: give it time to arrive before looking.)
  await page.getByRole('textbox', { name: 'Site Title' }).waitFor();
  await page.waitForTimeout(1_000);
  await expect(page.getByText(/Not saved yet/).count()).resolves.toBe(0);

  await page.getByRole('textbox', { name: 'Site Title' }).fill('Laugh Lab');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();

  const audit = await json<{ items: AuditItem[] }>(page, '/api/admin/audit?limit=5');
  const saved = audit.items.find((i) => i.action === 'DraftSaved')!;
  expect(Object.keys(saved.meta.changes ?? {})).toEqual(['site_title']);

  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  await dialog.getByRole('list', { name: 'Changes on live' }).getByText('Site title: "Punchline" → "Laugh Lab"').waitFor();
  await expect(dialog.getByRole('list', { name: 'Changes on live' }).getByRole('listitem').count()).resolves.toBe(1);
  await dialog.getByRole('checkbox', { name: 'I have reviewed the current draft.' }).check();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await page.getByText('Published the current draft to live.').waitFor();

  const liveAfter = await json<Record<string, unknown>>(page, '/api/settings?stage=live');
  const differing = Object.keys(liveAfter).filter((k) => k !== 'updated_at' && JSON.stringify(liveAfter[k]) !== JSON.stringify(liveBefore[k]));
  expect(differing).toEqual(['site_title']);
  // The public home differs only by the title: no badge appeared, the background stayed.
  const homeAfter = await (await fetch(`${suite.app.baseUrl}/`)).text();
  expect(homeAfter.includes('hero-badge') || homeAfter.includes('class="badge')).toBe(homeBefore.includes('hero-badge') || homeBefore.includes('class="badge'));
  expect(liveAfter.theme_bg).toBe(liveBefore.theme_bg);
  expect(liveAfter.hero_badge_enabled).toBe(false);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the badge note tells what the site shows and saves the editor values only when asked (1280 and 390 px)', async () => {
  for (const viewport of [PHONE_390, DESKTOP]) {
    const page = await signIn('/admin/page-configurations', 'Page Configurations', viewport);
    // The badge label is left out: visitors see no badge, so no label either (issue 25).
    const note = page.getByText(/Not saved yet, so the public site shows Hero badge shown off instead of what you see here\./);
    await note.waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `reading-gap-note-${viewport.width}`);
    if (viewport !== DESKTOP) {
      await page.context().close();
      continue;
    }

    await page.getByRole('button', { name: 'Use these values on the site' }).click();
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Draft saved.').waitFor();
    const audit = await json<{ items: AuditItem[] }>(page, '/api/admin/audit?limit=5');
    const saved = audit.items.find((i) => i.action === 'DraftSaved')!;
    expect(Object.keys(saved.meta.changes ?? {}).sort()).toEqual(['hero_badge_enabled', 'hero_badge_label']);
    const preview = await json<Record<string, unknown>>(page, '/api/settings/preview');
    expect(preview.hero_badge_enabled).toBe(true);
    await expect(note.count()).resolves.toBe(0);
    await page.evaluate(() => fetch('/api/settings/lock/release', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' }));
  }
});
