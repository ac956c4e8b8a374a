/**
 * The Media Manager and the media picker in Chromium against the built app: upload, copy URL,
 * rename, pick a file in the editor's hero image field and save, the blocked delete of a used file,
 * upload straight from a field, delete of an unused file; the draft home page loads the picked
 * image through the storage proxy; accessibility and phone width.
 */
import { fullAxe } from './support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BuiltApp, E2E_ADMIN_EMAIL, startBuiltApp } from './support/app';
import { DESKTOP, PHONE, horizontalOverflow, launchChromium } from './support/browser';
import { png } from './support/png';
import { screenshot, screenshotOf } from './support/screenshots';

const MEDIA = '/admin/media';
const PAGES = '/admin/page-configurations';

let app: BuiltApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchChromium();
  await app.oauth!.setDefaultUser({ email: E2E_ADMIN_EMAIL, name: 'Ada Admin', emailVerified: true });
  context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  page = await context.newPage();
  await page.goto(`${app.baseUrl}/api/auth/google?returnTo=${encodeURIComponent(MEDIA)}`);
  await page.waitForURL((url) => url.pathname === MEDIA);
});

afterAll(async () => {
  await page
    ?.evaluate(() => fetch('/api/settings/lock/release', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' }))
    .catch(() => undefined);
  await context?.close();
  await browser?.close();
  await app?.stop();
});

const card = (name: string) => page.locator('.md-card').filter({ has: page.locator('.md-card__name', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }) });

async function seriousViolations(target: Page, include?: string): Promise<string[]> {
  const builder = fullAxe(target);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an admin uploads, copies, renames, picks the file for the hero image, cannot delete it while used, and the draft home shows it', async () => {
  await page.getByRole('heading', { level: 1, name: 'Media Manager' }).waitFor();
  await page.getByText('No media yet. Upload an image or a video to get started.').waitFor();

  // Upload (the visible button opens the chooser; the chooser's input receives the file).
  await page.locator('.md-header__upload input[type=file]').setInputFiles({ name: 'Sunset Stage.png', mimeType: 'image/png', buffer: png(320, 200, [200, 60, 40]) });
  await page.getByText('Uploaded “sunset-stage.png”.').waitFor();
  await card('sunset-stage.png').waitFor();
  await expectImageLoaded(card('sunset-stage.png').locator('img'));
  // Size, dimensions once the image pipeline has read them (issue 13), date.
  await expectText(card('sunset-stage.png').locator('.md-card__meta'), /^\d+ KB · 320 × 200\s*pixels\s*· \w{3} \d{1,2}, \d{4}$/);

  // Copy URL: 'Copied' for two seconds, the absolute proxy URL on the clipboard.
  const copy = card('sunset-stage.png').getByRole('button', { name: /Copy URL/ });
  await copy.click();
  await card('sunset-stage.png').getByRole('button', { name: /^Copied/ }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.baseUrl}/api/storage/proxy?bucket=media&path=sunset-stage.png`);
  await card('sunset-stage.png').getByRole('button', { name: /^Copy URL/ }).waitFor({ timeout: 4000 });

  // Rename: an unchanged name is ignored; a new one keeps the extension.
  await card('sunset-stage.png').getByRole('button', { name: /Rename/ }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename file' });
  await renameDialog.getByLabel('New name').fill('sunset-stage');
  await renameDialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await renameDialog.waitFor({ state: 'hidden' });
  await card('sunset-stage.png').waitFor();
  await card('sunset-stage.png').getByRole('button', { name: /Rename/ }).click();
  await renameDialog.getByLabel('New name').fill('Opening Night');
  await renameDialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await page.getByText('Renamed to “opening-night.png”. No links needed updating.').waitFor();
  await card('opening-night.png').waitFor();
  expect(await card('sunset-stage.png').count()).toBe(0);

  // Pick it in the Page Configurations hero image field through the picker, and save.
  await page.getByRole('link', { name: 'Page Configurations' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Page Configurations' }).waitFor();
  await page.getByText('You hold the draft lock').waitFor();
  await screenshotOf(page.locator('.ed-media', { has: page.getByLabel('Hero image', { exact: true }) }), 'media-field-1280');
  await page.getByRole('button', { name: 'Select from library for hero image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose hero image' });
  await picker.getByRole('button', { name: /opening-night\.png/ }).waitFor();
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
  await screenshotOf(picker, 'media-picker-1280');
  await picker.getByLabel('Search images').fill('nothing-like-this');
  await picker.getByText('No images match your search.').waitFor();
  await picker.getByLabel('Search images').fill('opening');
  await picker.getByRole('button', { name: 'Select opening-night.png' }).click();
  await picker.waitFor({ state: 'hidden' });
  expect(await page.getByLabel('Hero image', { exact: true }).inputValue()).toBe('/api/storage/proxy?bucket=media&path=opening-night.png');
  // Focus went back to the button that opened the picker.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Select from library');

  // Upload straight from the who-image field.
  await page.locator('.ed-media', { has: page.getByLabel('Who image', { exact: true }) }).locator('input[type=file]').setInputFiles({ name: 'crew.png', mimeType: 'image/png', buffer: png(120, 90, [40, 90, 200]) });
  await expectValue(page.getByLabel('Who image', { exact: true }), '/api/storage/proxy?bucket=media&path=crew.png');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();

  // The draft home page loads the hero image through the proxy.
  const preview = await context.newPage();
  await preview.goto(`${app.baseUrl}/?stage=draft`);
  const hero = preview.locator('img.hero__image');
  expect(await hero.getAttribute('src')).toBe('/api/storage/proxy?bucket=media&path=opening-night.png');
  await expectImageLoaded(hero);
  await preview.close();

  // Back in the Media Manager: the used file cannot be deleted; the alert says where it is used.
  await page.getByRole('link', { name: 'Media Manager' }).first().click();
  await card('opening-night.png').waitFor();
  await page.getByLabel('Usage').selectOption('used');
  await card('crew.png').waitFor();
  expect(await page.locator('.md-card').count()).toBe(2);
  await expectText(card('opening-night.png').locator('.md-card__usage'), 'Used in 1 place');
  await card('opening-night.png').getByRole('button', { name: /Delete/ }).click();
  const blocked = page.getByRole('dialog', { name: 'File in use' });
  await blocked.getByText('“opening-night.png” cannot be deleted while the site uses it.', { exact: false }).waitFor();
  expect(await blocked.locator('.md-usage-list li').allInnerTexts()).toEqual(['Draft: Home › Hero image']);
  await blocked.getByRole('button', { name: 'OK' }).click();
  await blocked.waitFor({ state: 'hidden' });
  await card('opening-night.png').waitFor();

  // An unused file goes after the confirm.
  await page.getByLabel('Usage').selectOption('all');
  await page.locator('.md-header__upload input[type=file]').setInputFiles({ name: 'spare.png', mimeType: 'image/png', buffer: png(64, 64, [20, 140, 60]) });
  await card('spare.png').waitFor();
  await page.getByLabel('Usage').selectOption('unused');
  await card('spare.png').waitFor();
  expect(await page.locator('.md-card').count()).toBe(1);
  await card('spare.png').getByRole('button', { name: /Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete file' });
  await confirm.getByText('Delete "spare.png"? This cannot be undone.').waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('Deleted “spare.png”.').waitFor();
  await page.getByText('Every file is used somewhere on the site.').waitFor();
  await page.getByLabel('Usage').selectOption('all');

  // Search (debounced) and sort.
  await page.getByLabel('Search').fill('crew');
  await expectCount(page.locator('.md-card'), 1);
  await page.getByLabel('Search').fill('');
  await expectCount(page.locator('.md-card'), 2);
  await page.getByLabel('Sort').selectOption({ label: 'Name A–Z' });
  await expectTexts(page.locator('.md-card__name'), ['crew.png', 'opening-night.png']);
  await page.getByLabel('Sort').selectOption({ label: 'Name Z–A' });
  await expectTexts(page.locator('.md-card__name'), ['opening-night.png', 'crew.png']);
});

test('a file that is not an image or video is refused with the server’s message', async () => {
  await page.goto(`${app.baseUrl}${MEDIA}`);
  await page.getByRole('heading', { level: 1, name: 'Media Manager' }).waitFor();
  await page.locator('.md-header__upload input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, not a picture') });
  await page.getByRole('alert').filter({ hasText: 'The file’s contents do not match its extension.' }).waitFor();
});

test('the Media Manager has no serious accessibility violations and fits a 360 px phone', async () => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${app.baseUrl}${MEDIA}`);
  await card('opening-night.png').waitFor();
  await expectImageLoaded(card('opening-night.png').locator('img'));
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'media-manager-1280');

  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'media-manager-360');

  await page.goto(`${app.baseUrl}${PAGES}`);
  await page.getByText('You hold the draft lock').waitFor();
  await page.getByRole('button', { name: 'Select from library for hero image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose hero image' });
  await picker.getByRole('button', { name: 'Select opening-night.png' }).waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshotOf(picker, 'media-picker-360');
  // Escape closes the picker.
  await page.keyboard.press('Escape');
  await picker.waitFor({ state: 'hidden' });

  // Uploading from the picker stores the file and hands it to the field.
  await page.getByRole('button', { name: 'Select from library for hero image' }).click();
  await picker.getByRole('button', { name: 'Select opening-night.png' }).waitFor();
  await picker.locator('input[type=file]').setInputFiles({ name: 'Poster 2025.png', mimeType: 'image/png', buffer: png(200, 300, [120, 40, 160]) });
  await picker.waitFor({ state: 'hidden' });
  expect(await page.getByLabel('Hero image', { exact: true }).inputValue()).toBe('/api/storage/proxy?bucket=media&path=poster-2025.png');
  await page.setViewportSize(DESKTOP);
});

/** Reads until `check` passes (jest has no polling expect), failing with the last reading after 10 s. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Locator = ReturnType<Page['locator']>;

async function expectImageLoaded(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded();
  await eventually(
    () => img.evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0)),
    (width) => expect(width).toBeGreaterThan(0),
  );
}

async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await eventually(() => locator.innerText(), (text) => expect(text).toMatch(expected));
}

async function expectValue(locator: Locator, expected: string): Promise<void> {
  await eventually(() => locator.inputValue(), (value) => expect(value).toBe(expected));
}

async function expectCount(locator: Locator, expected: number): Promise<void> {
  await eventually(() => locator.count(), (count) => expect(count).toBe(expected));
}

async function expectTexts(locator: Locator, expected: string[]): Promise<void> {
  await eventually(() => locator.allInnerTexts(), (texts) => expect(texts).toEqual(expected));
}
