/**
 * The admin editing screens in Chromium against the built app (issue 5 acceptance): edit, save,
 * preview, publish; two admins and the draft lock; snapshots; every Page Configurations tab;
 * accessibility and phone width; leaving with unsaved changes; auto-save before an automatic logout.
 */
import { seriousAxeViolations } from './support/admin';
import { fullAxe } from './support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BuiltApp, E2E_ADMIN_EMAIL, startBuiltApp } from './support/app';
import { DESKTOP, PHONE, horizontalOverflow, launchChromium, valueOnceSettled } from './support/browser';
import { screenshot, screenshotOf } from './support/screenshots';

const SECOND_ADMIN = 'second.admin@example.com';
const GENERAL = '/admin/general';
const PAGES = '/admin/page-configurations';
const LOCKED_BANNER = 'Draft is locked by another editor. Fields are read-only until they release the lock.';

let app: BuiltApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startBuiltApp({ env: { ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${SECOND_ADMIN}` } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

afterEach(async () => {
  // Give the lock back, so the next test starts with it free: every page leaves first (an editor
  // still open would take a lock freed by another test page, as it should), then each session
  // releases what it may hold (support/suite.ts does the same).
  const open = contexts.splice(0);
  for (const context of open) for (const page of context.pages()) await page.goto('about:blank').catch(() => undefined);
  for (const context of open) await context.request.post(`${app.baseUrl}/api/settings/lock/release`, { data: {}, headers: { origin: app.baseUrl } }).catch(() => undefined);
  for (const context of open) await context.close();
});

/** Signs `email` in through the loopback Google stand-in and lands on `path`. */
async function signIn(email: string, path: string, options: { viewport?: { width: number; height: number }; clock?: boolean; noEventStream?: boolean } = {}): Promise<Page> {
  await app.oauth!.setDefaultUser({ email, name: email.split('@')[0], emailVerified: true });
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP });
  contexts.push(context);
  // As behind a proxy that buffers server-sent events: the screen hears of nothing done elsewhere.
  if (options.noEventStream) await context.route('**/api/settings/lock/events', (route) => route.abort());
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  await page.goto(`${app.baseUrl}/api/auth/google?returnTo=${encodeURIComponent(path)}`);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await page.getByRole('heading', { level: 1, name: path.startsWith(PAGES) ? 'Page Configurations' : 'General Settings' }).waitFor();
  return page;
}

/** A list's Add puts the keyboard in the new row a frame later (ui/list-controls.tsx): waited for, so the next fill is not typed into that row. */
async function addItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
  await page.waitForFunction(() => document.activeElement?.matches('li input, li textarea') ?? false);
}

async function holdsLock(page: Page): Promise<void> {
  await page.getByText('You hold the draft lock').waitFor();
}

async function saveDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText('Draft saved.').waitFor();
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

function accentOf(page: Page): Promise<string> {
  return page.locator('.site').first().evaluate((el) => (el as HTMLElement).style.getPropertyValue('--accent').trim().toUpperCase());
}

async function apiJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(p, { credentials: 'include' })).json(), path) as Promise<T>;
}

test('an admin edits the hero title and the accent, saves, previews the draft, publishes, and the public home shows it', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, PAGES);
  await holdsLock(page);
  await page.getByLabel('Hero title').fill('Opening night at Punchline');
  await saveDraft(page);

  await page.getByRole('link', { name: 'General Settings' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'General Settings' }).waitFor();
  await holdsLock(page);
  const accent = page.getByLabel('Accent', { exact: true });
  await accent.fill('#ff3366');
  expect(await accent.inputValue()).toBe('#FF3366');
  // SPEC §9 contrast label: #FF3366 on the editor's #111111 page background is 5.3:1, 'AA'.
  const badge = page.locator('.kit-contrast').filter({ hasText: 'vs page background' }).first();
  expect(await badge.innerText()).toMatch(/^AA\s*5\.3:1 vs page background$/);
  await saveDraft(page);

  const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /Preview Draft/ }).click()]);
  await preview.waitForLoadState();
  expect(new URL(preview.url()).search).toBe('?stage=draft');
  await preview.getByRole('heading', { name: 'Opening night at Punchline' }).waitFor();
  expect(await accentOf(preview)).toBe('#FF3366');

  const visitor = await browser.newContext({ viewport: DESKTOP });
  contexts.push(visitor);
  const live = await visitor.newPage();
  await live.goto(`${app.baseUrl}/`);
  expect(await live.getByText('Opening night at Punchline').count()).toBe(0);
  expect(await accentOf(live)).not.toBe('#FF3366');

  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  await dialog.getByText('There are no draft snapshots, so the current draft will be published.').waitFor();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await dialog.getByText("Confirm that you've reviewed the current draft.").waitFor();
  await dialog.getByLabel('I have reviewed the current draft.').check();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await page.getByText('Published the current draft to live.').waitFor();
  // Issue 25: after publishing the editor is back in the Draft view, holding the lock again.
  expect(await page.getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
  await holdsLock(page);

  await live.goto(`${app.baseUrl}/`);
  await live.getByRole('heading', { name: 'Opening night at Punchline' }).waitFor();
  expect(await accentOf(live)).toBe('#FF3366');
});

test('with a snapshot present, Publish to Live preselects the current draft, lists the hero title change and publishes the unsaved edit (issue 12)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, PAGES);
  await holdsLock(page);
  await page.getByLabel('Hero title').fill('Snapshot-era headline');
  await saveDraft(page);
  await page.getByRole('button', { name: 'Snapshots' }).click();
  const snapshots = page.getByRole('dialog', { name: 'Draft snapshots' });
  await snapshots.getByLabel('Label (optional)').fill('Older pick');
  await snapshots.getByRole('button', { name: 'Save snapshot' }).click();
  await snapshots.getByText('Snapshot “Older pick” saved.').waitFor();
  await page.keyboard.press('Escape');
  await snapshots.waitFor({ state: 'hidden' });

  const liveBefore = (await apiJson<{ hero_title: string }>(page, '/api/settings?stage=live')).hero_title;
  await page.getByLabel('Hero title').fill('Fresh headline, never saved');
  await page.getByText('Unsaved changes').waitFor();

  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  const current = dialog.getByRole('radio', { name: 'The current draft (with your unsaved changes)' });
  await current.waitFor();
  await dialog.getByRole('radio', { name: /Older pick/ }).waitFor();
  expect(await current.isChecked()).toBe(true);
  expect(await dialog.getByRole('radio').first().getAttribute('value')).toBe('current');
  const changes = dialog.getByRole('list', { name: 'Changes on live' });
  await changes.getByText(`Hero title: "${liveBefore}" → "Fresh headline, never saved"`).waitFor();

  // The snapshot's own comparison comes from the server and names its title instead.
  await dialog.getByRole('radio', { name: /Older pick/ }).check();
  await changes.getByText(`Hero title: "${liveBefore}" → "Snapshot-era headline"`).waitFor();
  await dialog.getByLabel('I have reviewed the selected draft snapshot.').waitFor();
  await current.check();
  await changes.getByText(`Hero title: "${liveBefore}" → "Fresh headline, never saved"`).waitFor();
  const axe = await fullAxe(page).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await dialog.getByLabel('I have reviewed the current draft.').check();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await page.getByText('Published the current draft to live.').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const live = await apiJson<{ hero_title: string }>(page, '/api/settings?stage=live');
  expect(live.hero_title).toBe('Fresh headline, never saved');
  const visitor = await browser.newContext({ viewport: DESKTOP });
  contexts.push(visitor);
  const home = await visitor.newPage();
  await home.goto(`${app.baseUrl}/`);
  await home.getByRole('heading', { name: 'Fresh headline, never saved' }).waitFor();

  // Live now equals the draft: the dialog says so rather than listing nothing.
  await page.getByRole('button', { name: 'Publish to Live' }).click();
  await dialog.getByRole('radio', { name: 'The current draft', exact: true }).waitFor();
  await dialog.getByText('No changes: live already shows this.').waitFor();
  await page.keyboard.press('Escape');
});

test('a second admin sees the lock holder and read-only fields, then gets the lock as soon as the first releases it', async () => {
  const first = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  await holdsLock(first);

  const second = await signIn(SECOND_ADMIN, GENERAL);
  await second.getByText('Locked by admin', { exact: true }).waitFor();
  await second.getByText(LOCKED_BANNER).waitFor();
  expect(await second.getByLabel('Site Title').isDisabled()).toBe(true);
  expect(await second.getByRole('button', { name: 'Save Draft' }).isDisabled()).toBe(true);
  expect(await second.getByRole('button', { name: 'Publish to Live' }).isDisabled()).toBe(true);
  // Acquire could only fail while the lock is held: it is not offered, and the status says what happens next (issue 12).
  expect(await second.getByRole('button', { name: 'Acquire' }).isDisabled()).toBe(true);
  await second.getByText(/you get the lock here as soon as it is free/).waitFor();

  // The release is pushed to the second editor, which is in the Draft view and takes the lock itself.
  await first.getByRole('button', { name: 'Release' }).click();
  await holdsLock(second);
  await first.getByText(`Locked by ${SECOND_ADMIN.split('@')[0]}`, { exact: true }).waitFor();
  expect(await second.getByText(LOCKED_BANNER).count()).toBe(0);
  await second.getByLabel('Site Title').fill('Punchline Collective');
  await saveDraft(second);
  const draft = await apiJson<{ site_title: string }>(second, '/api/settings?stage=draft');
  expect(draft.site_title).toBe('Punchline Collective');
});

test('restoring a snapshot brings the old values back and keeps the lock', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, PAGES);
  await holdsLock(page);
  await page.getByLabel('Hero title').fill('Before the experiment');
  await page.getByLabel('Hero subtext').fill('The original subtext');
  await saveDraft(page);

  await page.getByRole('button', { name: 'Snapshots' }).click();
  const snapshots = page.getByRole('dialog', { name: 'Draft snapshots' });
  await snapshots.getByLabel('Label (optional)').fill('Known good');
  await snapshots.getByRole('button', { name: 'Save snapshot' }).click();
  await snapshots.getByText('Snapshot “Known good” saved.').waitFor();
  await snapshots.getByText('Known good', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await snapshots.waitFor({ state: 'hidden' });

  await page.getByLabel('Hero title').fill('The experiment');
  await page.getByLabel('Hero subtext').fill('Changed subtext');
  await saveDraft(page);

  await page.getByRole('button', { name: 'Snapshots' }).click();
  await snapshots.getByRole('button', { name: 'Restore Known good' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore snapshot?' });
  await confirm.getByRole('button', { name: 'Restore into draft' }).click();
  await page.getByText('Snapshot restored into the draft.').waitFor();
  expect(await page.getByLabel('Hero title').inputValue()).toBe('Before the experiment');
  expect(await page.getByLabel('Hero subtext').inputValue()).toBe('The original subtext');
  await holdsLock(page);
  const { lock } = await apiJson<{ lock: { holder_email: string } | null }>(page, '/api/settings/lock');
  expect(lock?.holder_email).toBe(E2E_ADMIN_EMAIL);

  // Delete asks first and is permanent.
  await page.getByRole('button', { name: 'Snapshots' }).click();
  await snapshots.getByRole('button', { name: 'Delete Known good' }).click();
  await page.getByRole('dialog', { name: 'Delete snapshot?' }).getByRole('button', { name: 'Delete snapshot', exact: true }).click();
  await snapshots.getByText('Deleted “Known good”.').waitFor();
  expect(await snapshots.getByRole('button', { name: 'Restore Known good' }).count()).toBe(0);
});

/** What has the keyboard focus: an enabled, shown control (never the page itself), and its accessible name. */
async function focused(page: Page): Promise<{ tag: string; name: string; enabled: boolean; shown: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      enabled: !!el && !el.matches(':disabled'),
      shown: !!el && el.getClientRects().length > 0,
    };
  });
}

test('keyboard only: focus stays on a control after Save Draft, saving and deleting a snapshot, and a restore', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, PAGES);
  await holdsLock(page);
  await page.getByLabel('Hero title').fill('Kept by keyboard');
  // Save Draft disables itself once saved: the focus moves on to the next control, not to the page.
  await page.getByRole('button', { name: 'Save Draft' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Draft saved.').waitFor();
  await expect(page.getByRole('button', { name: 'Save Draft' }).isDisabled()).resolves.toBe(true);
  await page.waitForFunction(() => document.activeElement !== null && document.activeElement !== document.body);
  expect(await focused(page)).toMatchObject({ enabled: true, shown: true });

  await page.getByRole('button', { name: 'Snapshots' }).focus();
  await page.keyboard.press('Enter');
  const snapshots = page.getByRole('dialog', { name: 'Draft snapshots' });
  await snapshots.getByLabel('Label (optional)').fill('By keyboard');
  await snapshots.getByRole('button', { name: 'Save snapshot' }).focus();
  await page.keyboard.press('Space');
  await snapshots.getByText('Snapshot “By keyboard” saved.').waitFor();
  await page.waitForFunction((dialog) => !!dialog && dialog.contains(document.activeElement) && document.activeElement !== dialog, await snapshots.elementHandle());
  expect(await focused(page)).toMatchObject({ enabled: true, shown: true });

  // Deleted: its row goes, and the focus stays in the dialog on a control near where the row was.
  await snapshots.getByLabel('Label (optional)').fill('Second by keyboard');
  await snapshots.getByRole('button', { name: 'Save snapshot' }).click();
  await snapshots.getByText('Snapshot “Second by keyboard” saved.').waitFor();
  await snapshots.getByRole('button', { name: 'Delete By keyboard' }).focus();
  await page.keyboard.press('Enter');
  const confirmDelete = page.getByRole('dialog', { name: 'Delete snapshot?' });
  await confirmDelete.getByRole('button', { name: 'Delete snapshot', exact: true }).focus();
  await page.keyboard.press('Enter');
  await snapshots.getByText('Deleted “By keyboard”.').waitFor();
  await expect(snapshots.getByRole('button', { name: 'Delete By keyboard' }).count()).resolves.toBe(0);
  await page.waitForFunction((dialog) => !!dialog && dialog.contains(document.activeElement) && document.activeElement !== dialog, await snapshots.elementHandle());
  expect(await focused(page)).toMatchObject({ enabled: true, shown: true });

  // Restored: the dialog closes and the focus goes back to Snapshots, once it is enabled again.
  await snapshots.getByRole('button', { name: 'Restore Second by keyboard' }).focus();
  await page.keyboard.press('Enter');
  const confirmRestore = page.getByRole('dialog', { name: 'Restore snapshot?' });
  await confirmRestore.getByRole('button', { name: 'Restore into draft' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Snapshot restored into the draft.').waitFor();
  await snapshots.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Snapshots');
  expect(await focused(page)).toMatchObject({ tag: 'button', name: 'Snapshots', enabled: true });
});

test('every Page Configurations tab: a change survives save and reload, normalised as SPEC §5 says', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, PAGES);
  await holdsLock(page);
  const saveAndReload = async () => {
    await saveDraft(page);
    await page.reload();
    await holdsLock(page);
  };

  // Home: a custom size is normalised when the field is left.
  const headline = page.getByLabel('Headline custom font size');
  await headline.fill('  clamp(2rem,   6vw,  4rem) ');
  await headline.blur();
  expect(await headline.inputValue()).toBe('clamp(2rem, 6vw, 4rem)');
  const subtextSize = page.getByLabel('Supporting text custom font size');
  await subtextSize.fill('huge');
  await subtextSize.blur();
  await page.getByText('“huge” is not an accepted size, so the preset applies.').waitFor();
  await page.getByLabel('Hero title').fill('Every tab, saved');
  await saveAndReload();
  expect(await page.getByLabel('Headline custom font size').inputValue()).toBe('clamp(2rem, 6vw, 4rem)');
  expect(await page.getByLabel('Supporting text custom font size').inputValue()).toBe('');
  expect(await page.getByLabel('Hero title').inputValue()).toBe('Every tab, saved');

  // About: a team member with a social link; a bare domain gets https://.
  await openTab(page, 'About');
  await addItem(page, '+ Add team member');
  await page.getByLabel('Name', { exact: true }).fill('Dana Quip');
  await page.getByLabel('Role', { exact: true }).fill('Host');
  await addItem(page, '+ Add social link');
  await page.getByLabel('Social link 1 label').fill('Instagram');
  await page.getByLabel('Social link 1 URL').fill('instagram.com/danaquip');
  await saveAndReload();
  expect(new URL(page.url()).searchParams.get('tab')).toBe('about');
  expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Dana Quip');
  expect(await page.getByLabel('Social link 1 URL').inputValue()).toBe('https://instagram.com/danaquip');

  // Events: an upcoming show; its ticket link is normalised as it is typed.
  await openTab(page, 'Events');
  await addItem(page, '+ Add upcoming event');
  await page.getByLabel('Title', { exact: true }).nth(1).fill('Late Show');
  await page.getByLabel('Date', { exact: true }).fill('April 1, 2025');
  await page.getByLabel('Venue').fill('The Basement');
  await page.getByLabel('Ticket link').fill('tickets.example.com/late');
  await saveAndReload();
  expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe('April 1, 2025');
  expect(await page.getByLabel('Ticket link').inputValue()).toBe('https://tickets.example.com/late');

  // Media: Archive is pinned last and cannot move up; a moved item lands in a new section.
  await openTab(page, 'Media');
  // Waits for the form first: after a reload the fields render once the draft has loaded.
  const sectionTitles = async () => {
    await page.getByLabel('Section title').first().waitFor();
    return page.getByLabel('Section title').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  };
  await page.getByRole('button', { name: '+ Add section' }).click();
  await page.getByRole('button', { name: '+ Add section' }).click();
  await page.getByLabel('Section title').nth(0).fill('Archive');
  // Typing leaves the card where it is; leaving the field pins Archive last.
  expect(await sectionTitles()).toEqual(['Archive', 'New Section']);
  await page.getByLabel('Section title').nth(0).blur();
  expect(await sectionTitles()).toEqual(['New Section', 'Archive']);
  await page.getByLabel('Section title').nth(0).fill('Clips');
  expect(await sectionTitles()).toEqual(['Clips', 'Archive']);
  expect(await page.getByRole('button', { name: 'Move section Archive up' }).isDisabled()).toBe(true);
  await page.getByLabel('Image for item 1').first().fill('www.example.com/clip.jpg');
  expect(await page.getByLabel('Image for item 1').first().inputValue()).toBe('https://www.example.com/clip.jpg');
  await saveAndReload();
  expect(await sectionTitles()).toEqual(['Clips', 'Archive']);
  expect(await page.getByLabel('Image for item 1').first().inputValue()).toBe('https://www.example.com/clip.jpg');
  await page.getByLabel('Move to').first().selectOption({ label: 'A new section (‘New Section’)' });
  await page.getByRole('button', { name: 'Move', exact: true }).first().click();
  expect(await sectionTitles()).toEqual(['Clips', 'New Section', 'Archive']);
  // The last item of Clips left a blank item behind (SPEC §4).
  expect(await page.getByLabel('Image for item 1').first().inputValue()).toBe('');
  await saveAndReload();
  expect(await sectionTitles()).toEqual(['Clips', 'New Section', 'Archive']);

  // Merch: a product; the price is free text.
  await openTab(page, 'Merch');
  await addItem(page, '+ Add product');
  await page.getByLabel('Title', { exact: true }).nth(1).fill('Tour Tee');
  await page.getByLabel('Price').fill('25');
  await page.getByLabel('Buy link').fill('shop.example.com/tee');
  await saveAndReload();
  expect(await page.getByLabel('Price').inputValue()).toBe('25');
  expect(await page.getByLabel('Buy link').inputValue()).toBe('https://shop.example.com/tee');

  // Contact: a new card starts as 'New inquiry' with a mailto link; empty socials are dropped.
  await openTab(page, 'Contact');
  await page.getByLabel('Email', { exact: true }).fill('hello@example.com');
  await addItem(page, '+ Add contact card');
  expect(await page.getByLabel('Title', { exact: true }).nth(1).inputValue()).toBe('New inquiry');
  expect(await page.getByLabel('Link', { exact: true }).inputValue()).toBe('mailto:hello@example.com');
  await page.getByLabel('Instagram').fill('instagram.com/punchline');
  await page.getByLabel('YouTube').fill('x');
  await page.getByLabel('YouTube').fill('');
  await saveAndReload();
  expect(await page.getByLabel('Title', { exact: true }).nth(1).inputValue()).toBe('New inquiry');
  expect(await page.getByLabel('Instagram').inputValue()).toBe('https://instagram.com/punchline');
  const draft = await apiJson<{ contact_socials: Record<string, string> }>(page, '/api/settings?stage=draft');
  expect(draft.contact_socials).toEqual({ instagram: 'https://instagram.com/punchline' });
});

test('both screens: no serious or critical axe violations, no horizontal scroll at 360 px; screenshots at 1280 and 360 px', async () => {
  for (const [path, name] of [
    [GENERAL, 'general-settings'],
    [PAGES, 'page-configurations'],
  ] as const) {
    const page = await signIn(E2E_ADMIN_EMAIL, path);
    await holdsLock(page);
    const results = await fullAxe(page).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshot(page, `editor-${name}-1280`);

    await page.setViewportSize(PHONE);
    await page.waitForTimeout(200);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, `editor-${name}-360`);
    const phoneResults = await fullAxe(page).analyze();
    expect(phoneResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }

  // The read-only view of a second admin, and an open dialog, are checked too.
  const holder = await signIn(E2E_ADMIN_EMAIL, PAGES);
  await holdsLock(holder);
  const other = await signIn(SECOND_ADMIN, PAGES, { viewport: PHONE });
  await other.getByText(LOCKED_BANNER).waitFor();
  expect(await horizontalOverflow(other)).toBe(0);
  await screenshot(other, 'editor-page-configurations-locked-360');
  const locked = await fullAxe(other).analyze();
  expect(locked.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await holder.getByRole('button', { name: 'Snapshots' }).click();
  const snapshots = holder.getByRole('dialog', { name: 'Draft snapshots' });
  await snapshots.getByRole('heading', { name: 'Recent snapshots' }).waitFor();
  await snapshots.getByText('Loading snapshots…').waitFor({ state: 'hidden' });
  const dialog = await fullAxe(holder).analyze();
  expect(dialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('Pull Current Live replaces the draft with live, switches to the Draft view and publishes nothing', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  await holdsLock(page);
  const liveTitle = (await apiJson<{ site_title: string }>(page, '/api/settings?stage=live')).site_title;
  await page.getByLabel('Site Title').fill('Draft-only title');
  await saveDraft(page);
  await page.getByRole('radio', { name: 'Live' }).check();
  await page.getByText('Switch to the Draft view to edit these fields.').waitFor();
  await page.getByText('Draft lock is free').waitFor();
  expect(await valueOnceSettled(page.getByLabel('Site Title'), liveTitle)).toBe(liveTitle);

  await page.getByRole('button', { name: 'Pull Current Live' }).click();
  await page.getByRole('dialog', { name: 'Pull current live into the draft?' }).getByRole('button', { name: 'Pull Current Live', exact: true }).click();
  await page.getByText('Draft replaced with the live settings. Nothing was published.').waitFor();
  expect(await page.getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
  await holdsLock(page);
  expect(await valueOnceSettled(page.getByLabel('Site Title'), liveTitle)).toBe(liveTitle);
  const draft = await apiJson<{ site_title: string }>(page, '/api/settings?stage=draft');
  expect(draft.site_title).toBe(liveTitle);
});

test('theme pickers follow the site-wide toggle; page overrides only without it; link lists stop at their limits', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  await holdsLock(page);
  expect(await page.getByLabel('Accent', { exact: true }).isEnabled()).toBe(true);
  await page.getByRole('switch', { name: 'Use the site-wide theme on every page' }).uncheck();
  expect(await page.getByLabel('Accent', { exact: true }).isDisabled()).toBe(true);
  expect(await page.getByLabel('Footer Background', { exact: true }).isDisabled()).toBe(true);

  const addQuick = page.getByRole('button', { name: '+ Add quick link' });
  for (let i = 1; i <= 4; i += 1) {
    await addQuick.click();
    await page.getByLabel(`Quick link ${i} label`).fill(`Link ${i}`);
    await page.getByLabel(`Quick link ${i} URL`).fill(`example.com/${i}`);
  }
  expect(await addQuick.isDisabled()).toBe(true);
  await page.getByText('Link limit reached').waitFor();
  await saveDraft(page);

  await page.getByRole('link', { name: 'Page Configurations' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Page Configurations' }).waitFor();
  await holdsLock(page);
  const override = page.locator('#home-page-settings').getByLabel('Accent', { exact: true });
  expect(await override.isEnabled()).toBe(true);
  await override.fill('#0af');
  await override.blur();
  expect(await override.inputValue()).toBe('#00AAFF');
  await override.fill('#12');
  await page.getByText('Enter a 3- or 6-digit hex value such as #FFAA00.').waitFor();
  await override.fill('#00AAFF');

  await openTab(page, 'About');
  await page.getByRole('button', { name: '+ Add team member' }).click();
  const addSocial = page.getByRole('button', { name: '+ Add social link' });
  for (let i = 0; i < 10; i += 1) await addSocial.click();
  expect(await addSocial.isDisabled()).toBe(true);
  await page.getByText('Maximum of 10 links reached for this member.').waitFor();
  await page.getByRole('button', { name: 'Remove team member 1' }).click();
  await saveDraft(page);

  // Back to the site-wide theme: the page overrides lock again.
  await page.getByRole('link', { name: 'General Settings' }).first().click();
  await holdsLock(page);
  await page.getByRole('switch', { name: 'Use the site-wide theme on every page' }).check();
  await saveDraft(page);
  await page.getByRole('link', { name: 'Page Configurations' }).first().click();
  await holdsLock(page);
  expect(await page.locator('#home-page-settings').getByLabel('Accent', { exact: true }).isDisabled()).toBe(true);
});

test('keyboard: tabs follow the arrow keys, dialogs keep focus and close on Escape', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, `${PAGES}?tab=home`);
  await holdsLock(page);
  await page.getByRole('tab', { name: 'Home' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('tab', { name: 'About', selected: true }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About');
  await page.keyboard.press('End');
  await page.getByRole('tab', { name: 'Contact', selected: true }).waitFor();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('tab', { name: 'Home', selected: true }).waitFor();

  const opener = page.getByRole('button', { name: 'Publish to Live' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  await dialog.waitFor();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
});

test('Preview Draft with unsaved edits saves them first, so the preview shows what the editor shows (issue 12 point 3)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, PAGES);
  await holdsLock(page);
  await page.getByLabel('Hero title').fill('Previewed before saving');
  await page.getByText('Unsaved changes').waitFor();
  const link = page.getByRole('link', { name: 'Preview Draft (saves your changes first, opens in a new tab)' });
  const [preview] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await page.getByText('Draft saved.').waitFor();
  await preview.waitForLoadState();
  expect(new URL(preview.url()).search).toBe('?stage=draft');
  await preview.getByRole('heading', { name: 'Previewed before saving' }).waitFor();
  expect(await page.getByText('Unsaved changes').count()).toBe(0);
  await page.getByRole('link', { name: 'Preview Draft (opens in a new tab)' }).waitFor();
});

test('moving between admin screens with the keyboard puts focus on the new screen\'s heading (issue 12 point 7)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  const nav = page.getByRole('navigation', { name: 'Admin', exact: true });
  for (const [name, path] of [
    ['Media Manager', '/admin/media'],
    ['Audit Log', '/admin/audit'],
    ['General Settings', GENERAL],
  ] as const) {
    await nav.getByRole('link', { name }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.waitForFunction((heading) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === heading, name);
  }
});

test('a save refused while the database is away says it was not saved and keeps the edit (issue 11 point 1)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  await holdsLock(page);
  // The answer the app gives during an outage (database-outage.int.spec.ts proves it on a real cluster).
  const outage = 'The database is not reachable right now, so this was not saved. Please try again in a moment.';
  await page.route('**/api/settings?stage=draft', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, headers: { 'retry-after': '5' }, contentType: 'application/json', body: JSON.stringify({ error: outage, code: 'UNAVAILABLE' }) })
      : route.fallback(),
  );
  await page.getByLabel('Footer text').fill('Written during the outage');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText(outage).waitFor();
  expect(await page.getByText('Draft saved.').count()).toBe(0);
  expect(await page.getByLabel('Footer text').inputValue()).toBe('Written during the outage');
  await page.getByText('Unsaved changes').waitFor();

  // Back again: the same click saves it.
  await page.unroute('**/api/settings?stage=draft');
  await saveDraft(page);
  expect((await apiJson<{ footer_text: string }>(page, '/api/settings?stage=draft')).footer_text).toBe('Written during the outage');
});

test('leaving with unsaved changes asks first', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  await holdsLock(page);
  await page.getByLabel('Footer text').fill('Unsaved footer');
  await page.getByText('Unsaved changes').waitFor();
  await page.getByRole('link', { name: 'Media Manager' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  expect(new URL(page.url()).pathname).toBe(GENERAL);
  expect(await page.getByLabel('Footer text').inputValue()).toBe('Unsaved footer');
  await page.getByRole('link', { name: 'Media Manager' }).click();
  await ask.getByRole('button', { name: 'Leave without saving', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/media');
});

test("the browser's Back button with unsaved changes asks first", async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, '/admin/page-configurations');
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'General Settings' }).click();
  await page.waitForURL((url) => url.pathname === GENERAL);
  await holdsLock(page);
  await page.getByLabel('Footer text').fill('Unsaved footer');
  await page.getByText('Unsaved changes').waitFor();
  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  expect(new URL(page.url()).pathname).toBe(GENERAL);
  expect(await page.getByLabel('Footer text').inputValue()).toBe('Unsaved footer');
  await page.goBack();
  await ask.getByRole('button', { name: 'Leave without saving', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/page-configurations');
});

test('an inactivity sign-out saves an eligible draft first', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL, { clock: true });
  await holdsLock(page);
  await page.getByLabel('Maintenance message').fill('Back after the interval');
  // Default session timeout is 30 minutes: the 'Are you still there?' countdown starts after it.
  await page.clock.fastForward(30 * 60_000 + 5_000);
  const ask = page.getByRole('dialog', { name: 'Are you still there?' }).or(page.getByRole('alertdialog', { name: 'Are you still there?' }));
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Sign out now' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');

  const check = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  const draft = await apiJson<{ maintenance_message: string }>(check, '/api/settings?stage=draft');
  expect(draft.maintenance_message).toBe('Back after the interval');
});

/** Whether the paragraph saying `text` is wholly inside the dialog body's visible part (not scrolled away, not under the footer). */
async function shownInDialogBody(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const body = document.querySelector('dialog[open] .kit-dialog__body');
    const error = [...(body?.querySelectorAll('p') ?? [])].find((p) => p.textContent === wanted);
    if (!body || !error) return false;
    const view = body.getBoundingClientRect();
    const box = error.getBoundingClientRect();
    // Half a pixel for layout rounding.
    return box.top >= view.top - 0.5 && box.bottom <= view.bottom + 0.5;
  }, text);
}

test('Publish to Live with a long list of changes: the review error is scrolled into view with the focus on the box, and follows the choice (QA walk-through)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  await holdsLock(page);
  // Ten fields that differ from live fill the dialog's body, and one snapshot makes a second choice.
  const ready = await page.evaluate(async () => {
    const headers = { 'content-type': 'application/json' };
    const changes = {
      site_title: 'Long list title', site_description: 'Long list description', site_keywords: 'long, list', footer_text: '© Long list',
      theme_accent: '#AA2200', theme_bg: '#101010', header_bg: '#222222', footer_bg: '#050505', hero_title: 'Long list hero', hero_subtext: 'Long list subtext',
    };
    const saved = await fetch('/api/settings?stage=draft', { method: 'PUT', headers, body: JSON.stringify(changes) });
    const snapshot = await fetch('/api/settings/versions', { method: 'POST', headers, body: JSON.stringify({ label: 'Long list snap', stage: 'draft' }) });
    return saved.ok && snapshot.ok;
  });
  expect(ready).toBe(true);
  await page.reload();
  await holdsLock(page);

  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  const changes = dialog.getByRole('list', { name: 'Changes on live' });
  await changes.getByText(/^Site title: /).waitFor();
  expect(await changes.getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
  await dialog.getByRole('radio', { name: /Long list snap/ }).waitFor();

  const box = dialog.getByRole('checkbox', { name: 'I have reviewed the current draft.' });
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  const draftError = "Confirm that you've reviewed the current draft.";
  await dialog.getByText(draftError).waitFor();
  // Seen: in the body's visible part, the focus on the box it is about, which names it.
  expect(await shownInDialogBody(page, draftError)).toBe(true);
  expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await box.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await box.getAttribute('aria-describedby'))!;
  expect(await page.evaluate((id) => document.getElementById(id)?.textContent, describedBy)).toBe(draftError);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, 'publish-review-error-long-list-1280');

  // Another choice: the error about the previous one goes; asked again, it names the snapshot, as the box does.
  await dialog.getByRole('radio', { name: /Long list snap/ }).check();
  await dialog.getByText(draftError).waitFor({ state: 'detached' });
  const snapBox = dialog.getByRole('checkbox', { name: 'I have reviewed the selected draft snapshot.' });
  expect(await snapBox.getAttribute('aria-invalid')).toBeNull();
  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  const snapshotError = "Confirm that you've reviewed the selected draft snapshot.";
  await dialog.getByText(snapshotError).waitFor();
  expect(await shownInDialogBody(page, snapshotError)).toBe(true);
  expect(await snapBox.evaluate((el) => el === document.activeElement)).toBe(true);
  // Ticking the box clears it.
  await snapBox.check();
  await dialog.getByText(snapshotError).waitFor({ state: 'detached' });
  expect(await snapBox.getAttribute('aria-invalid')).toBeNull();
  expect(await snapBox.getAttribute('aria-describedby')).toBeNull();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('Publish to Live after another admin deleted the chosen snapshot, unheard of (no event stream): the list is read again and the snapshot is no longer offered (QA walk-through)', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL, { noEventStream: true });
  await holdsLock(page);
  const id = await page.evaluate(async () => {
    // Another snapshot stays: the list is not left empty (with none left the dialog asks for the current draft).
    await fetch('/api/settings/versions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'Stays too', stage: 'draft' }) });
    const res = await fetch('/api/settings/versions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'Soon deleted', stage: 'draft' }) });
    const listed = (await (await fetch('/api/settings/versions?stage=draft&limit=20')).json()) as { versions: { id: string; label: string | null }[] };
    return res.ok ? listed.versions.find((v) => v.label === 'Soon deleted')?.id : undefined;
  });
  expect(id).toBeDefined();

  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  await dialog.getByRole('radio', { name: /Soon deleted/ }).check();
  await dialog.getByRole('checkbox', { name: 'I have reviewed the selected draft snapshot.' }).check();

  // Meanwhile, another admin deletes it.
  const second = await signIn(SECOND_ADMIN, GENERAL);
  expect(await second.evaluate(async (snapshotId) => (await fetch(`/api/settings/versions/${snapshotId}`, { method: 'DELETE' })).status, id!)).toBe(200);

  await dialog.getByRole('button', { name: 'Publish to Live', exact: true }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Snapshot not found.' }).waitFor();
  // The list read again: the deleted snapshot is gone and nothing stays chosen; the dialog asks for a choice.
  await dialog.getByRole('radio', { name: /Soon deleted/ }).waitFor({ state: 'detached' });
  expect(await dialog.locator('input[type="radio"][name$="-choice"]:checked').count()).toBe(0);
  await dialog.getByText('Select the draft snapshot you intend to publish.').waitFor();
  const current = dialog.getByRole('radio', { name: 'The current draft', exact: true });
  expect(await current.isChecked()).toBe(false);
  // The focus goes to the choices, under the error that asks for one.
  await page.waitForFunction((el) => el === document.activeElement, await current.elementHandle());
  expect(await shownInDialogBody(page, 'Select the draft snapshot you intend to publish.')).toBe(true);
  await screenshot(page, 'publish-deleted-snapshot-1280');
  await page.keyboard.press('Escape');
});

test('the chosen snapshot deleted by another admin while the publish dialog is open: it goes from the dialog by itself, which says so without moving the focus', async () => {
  const page = await signIn(E2E_ADMIN_EMAIL, GENERAL);
  await holdsLock(page);
  const id = await page.evaluate(async () => {
    const save = (label: string) => fetch('/api/settings/versions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label, stage: 'draft' }) });
    if (!(await save('Stays')).ok) return undefined;
    const res = await save('Deleted elsewhere');
    return res.ok ? ((await res.json()) as { version: { id: string } }).version.id : undefined;
  });
  expect(id).toBeDefined();

  await page.getByRole('button', { name: 'Publish to Live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Live' });
  await dialog.getByRole('radio', { name: /Deleted elsewhere/ }).check();
  const reviewed = dialog.getByRole('checkbox', { name: 'I have reviewed the selected draft snapshot.' });
  await reviewed.check();
  // Its name follows the choice: held by the element, not by the name.
  const reviewBox = (await reviewed.elementHandle())!;

  const second = await signIn(SECOND_ADMIN, GENERAL);
  expect(await second.evaluate(async (snapshotId) => (await fetch(`/api/settings/versions/${snapshotId}`, { method: 'DELETE' })).status, id!)).toBe(200);

  await dialog.getByRole('radio', { name: /Deleted elsewhere/ }).waitFor({ state: 'detached', timeout: 5_000 });
  await dialog.getByRole('status').filter({ hasText: '“Deleted elsewhere” was deleted by another admin or in another tab, and can no longer be published.' }).waitFor();
  expect(await dialog.locator('input[type="radio"][name$="-choice"]:checked').count()).toBe(0);
  await dialog.getByText('Select the draft snapshot you intend to publish.').waitFor();
  // Nobody pressed anything here: the focus stays where the admin left it.
  expect(await reviewBox.evaluate((el) => el === document.activeElement)).toBe(true);
  // What was reviewed is gone: the box asks again.
  expect(await reviewBox.isChecked()).toBe(false);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshotOf(dialog, 'publish-snapshot-deleted-elsewhere-1280');

  // Another choice clears the message.
  await dialog.getByRole('radio', { name: 'The current draft', exact: true }).check();
  await dialog.getByText('can no longer be published', { exact: false }).waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
});
