import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fullAxe } from './support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type BuiltApp, E2E_ADMIN_EMAIL, ROOT, startBuiltApp } from './support/app';
import { clippedContent, launchChromium, takeCspViolations } from './support/browser';
import { png } from './support/png';
import { screenshot } from './support/screenshots';
import { SEEDED_SETTINGS, publishSettings, saveDraftSettings } from './public-site.seed';

const PAGES = ['/', '/events', '/media', '/merch', '/about', '/contact'] as const;
const PHONE = { width: 390, height: 844 };

let app: BuiltApp;
let browser: Browser;
let adminCookie: { name: string; value: string };

/** Signs the admin in through the loopback Google stand-in; returns the session cookie. */
async function signInAdmin(): Promise<{ name: string; value: string }> {
  await app.oauth!.setDefaultUser({ email: E2E_ADMIN_EMAIL, name: 'Ada Admin', emailVerified: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/api/auth/google?returnTo=${encodeURIComponent('/')}`);
  await page.waitForURL(`${app.baseUrl}/`);
  const session = (await context.cookies()).find((c) => c.name.endsWith('punchline.sid'));
  await context.close();
  if (!session) throw new Error('signing in opened no session');
  return { name: session.name, value: session.value };
}

const cookieHeader = () => `${adminCookie.name}=${adminCookie.value}`;

/** Hydration mismatches and uncaught errors seen by any page of the current test. */
const pageErrors: string[] = [];

function watch(page: Page): Page {
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|did not match|minified react error/i.test(m.text())) pageErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

async function visitorPage(options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, javaScriptEnabled: options.javaScriptEnabled ?? true });
  return { context, page: watch(await context.newPage()) };
}

async function adminPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ ...adminCookie, url: app.baseUrl }]);
  return { context, page: watch(await context.newPage()) };
}

/** Waits until React has hydrated the server-rendered page (the menu toggle then answers clicks). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await fullAxe(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

// textContent, not innerText: the stylesheet upper-cases headings and buttons.
const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';

beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchChromium();
  adminCookie = await signInAdmin();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('an empty site', () => {
  it('shows every page with the defaults and the empty texts', async () => {
    const { context, page } = await visitorPage();
    const expectations: Record<(typeof PAGES)[number], string[]> = {
      '/': ['Live comedy from Punchline', 'Next up', 'No upcoming shows yet.', 'Who We Are', 'Book the Crew', 'Upcoming Shows', 'Media Spotlight'],
      '/events': ['Upcoming Shows', 'No upcoming shows yet.', 'Past Shows', 'No past shows yet.'],
      '/media': ['No media yet.'],
      '/merch': ['No merch items yet.'],
      '/about': ['About Us', 'Our Mission', 'What drives us'],
      '/contact': ['Reach Us', 'Write to us with the form', 'Name', 'Email', 'Message'],
    };
    for (const path of PAGES) {
      const response = await page.goto(app.baseUrl + path);
      expect(response?.status()).toBe(200);
      const text = await mainText(page);
      for (const expected of expectations[path]) expect([path, text]).toEqual([path, expect.stringContaining(expected)]);
      await expect(page.locator('footer').innerText()).resolves.toContain('Admin Login');
    }
    await context.close();
  });

  it('has no serious accessibility violation and no horizontal scroll on a phone', async () => {
    const { context, page } = await visitorPage({ viewport: PHONE });
    for (const path of PAGES) {
      await page.goto(app.baseUrl + path);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousAxeViolations(page);
    }
    await context.close();
  });

  it('refuses an inline script slipped into a page, and the CSP watch of every browser test hears it', async () => {
    const { context, page } = await visitorPage();
    try {
      // Stands in for injected markup (a stored XSS): the served page plus one inline script.
      await page.route(`${app.baseUrl}/about`, async (route) => {
        const served = await route.fetch();
        const html = (await served.text()).replace('</body>', '<script>document.title = "pwned"</script></body>');
        await route.fulfill({ response: served, body: html });
      });
      await page.goto(`${app.baseUrl}/about`);
      await hydrated(page);
      expect(await page.title()).not.toBe('pwned');
      const seen: string[] = [];
      for (let waited = 0; seen.length === 0 && waited < 5000; waited += 100) {
        seen.push(...takeCspViolations());
        await page.waitForTimeout(100);
      }
      expect(seen.join('\n')).toMatch(/script-src.*blocked inline/);
    } finally {
      await context.close();
    }
  });

  it('sends a visitor of / no admin code (Vite build manifest)', async () => {
    type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
    const manifest = JSON.parse(readFileSync(join(ROOT, 'frontend/dist/client/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    const closure = (keys: string[]): Set<string> => {
      const seen = new Set<string>();
      const walk = (key: string) => {
        if (seen.has(key) || !manifest[key]) return;
        seen.add(key);
        for (const next of manifest[key].imports ?? []) walk(next);
      };
      keys.forEach(walk);
      return seen;
    };
    const entry = Object.keys(manifest).filter((k) => manifest[k].isEntry);
    const adminEntries = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && (manifest[k].src ?? k).startsWith('src/admin/'));
    // The admin app must exist as chunks of its own, reachable from the entry only through a dynamic import.
    expect(adminEntries.length).toBeGreaterThan(0);
    const publicChunks = closure(entry);
    const adminOnly = [...closure(adminEntries)].filter((k) => !publicChunks.has(k)).map((k) => `/${manifest[k].file}`);
    expect(adminOnly.length).toBeGreaterThan(0);

    const { context, page } = await visitorPage();
    const scripts: string[] = [];
    const gzipBytes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' && !response.url().endsWith('.js')) return;
      scripts.push(new URL(response.url()).pathname);
      gzipBytes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.getByRole('link', { name: 'Events', exact: true }).first().click();
    await page.waitForURL(`${app.baseUrl}/events`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => adminOnly.includes(s))).toEqual([]);
    expect(scripts.every((s) => [...publicChunks].some((k) => `/${manifest[k].file}` === s))).toBe(true);
    // The budget: at most 100 KB of JavaScript (gzip) for a visitor of /.
    expect((await Promise.all(gzipBytes)).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100 * 1024);
    await context.close();
  });
});

describe('a seeded site', () => {
  beforeAll(async () => {
    await publishSettings(app.baseUrl, cookieHeader(), SEEDED_SETTINGS);
  });

  it('shows the home page blocks: badge, hero, next up, video, who we are, three shows, spotlight', async () => {
    const { context, page } = await visitorPage();
    await page.goto(`${app.baseUrl}/`);
    await expect(page.title()).resolves.toBe('Punchline Collective');
    await page.getByRole('heading', { level: 1, name: /comedy that hits different/i }).waitFor();
    const text = await mainText(page);
    for (const expected of ['Now booking spring shows', 'Punchline Presents: Spring Showcase', 'Six comics, one shared notebook', 'Meet the Team', 'Book the Crew', 'Clips & Photos']) {
      expect(text.toLowerCase()).toContain(expected.toLowerCase());
    }
    expect(text).not.toContain('New Material Night');
    await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]').getAttribute('loading')).resolves.toBe('lazy');
    // Tickets: the next-up card and the two upcoming shows with http links (the third links to /contact).
    await expect(page.locator('main a[href^="https://tickets.example/"]').count()).resolves.toBe(3);
    await expect(page.getByRole('link', { name: 'Get Tickets', exact: true }).getAttribute('href')).resolves.toBe('/events');
    await expect(page.getByRole('link', { name: 'Watch a Clip' }).getAttribute('href')).resolves.toBe('/media');
    await expect(page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).resolves.toBe('/contact');
    // The hero image cannot load: it falls back to the default image.
    await page.waitForFunction(() => (document.querySelector('.hero__image') as HTMLImageElement | null)?.src.startsWith('data:image/svg+xml'));
    await context.close();
  });

  it('shows events, media (Archive hidden), merch with $ prices, about and contact', async () => {
    const { context, page } = await visitorPage();
    await page.goto(`${app.baseUrl}/events`);
    let text = await mainText(page);
    expect(text).toContain('Late Night Improv Jam');
    expect(text).toContain('Winter Roast');
    expect(text).toContain('Second Floor Theatre');

    await page.goto(`${app.baseUrl}/media`);
    text = await mainText(page);
    expect(text).toContain('Stand-up Clips');
    expect(text).toContain('Media coming soon.');
    expect(text).not.toContain('Archive');
    expect(text).not.toContain('Old flyer');
    await expect(page.locator('iframe[src="https://player.vimeo.com/video/76979871?dnt=1"]').count()).resolves.toBe(1);

    await page.goto(`${app.baseUrl}/merch`);
    text = await mainText(page);
    expect(text).toContain('$25');
    expect(text).toContain('$18');
    expect(text).not.toContain('$$');
    await expect(page.locator('a[href="https://shop.example/tee"]').count()).resolves.toBe(1);

    await page.goto(`${app.baseUrl}/about`);
    text = await mainText(page);
    for (const expected of ['About the Collective', 'Our Mission', 'What drives us', 'Maya Brooks', 'Artistic Director', 'Theo Park']) expect(text).toContain(expected);

    await page.goto(`${app.baseUrl}/contact`);
    text = await mainText(page);
    for (const expected of ['Reach Us', 'hello@punchline.example', '+1 (312) 555-0142', 'Private events', 'Instagram', 'YouTube']) expect(text).toContain(expected);
    expect(text).not.toContain('Write to us with the form');
    await expect(page.locator('a[href="mailto:hello@punchline.example"]').count()).resolves.toBe(1);
    await expect(page.locator('input[name="from"]').getAttribute('type')).resolves.toBe('email');
    await context.close();
  });

  it('fits a phone without horizontal scroll, with a working menu toggle and no serious axe violation', async () => {
    const { context, page } = await visitorPage({ viewport: PHONE });
    for (const path of PAGES) {
      await page.goto(app.baseUrl + path);
      await hydrated(page);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousAxeViolations(page);
    }
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('#site-nav').isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.locator('#site-nav').getByRole('link', { name: 'Merch' }).click();
    await page.waitForURL(`${app.baseUrl}/merch`);
    await page.locator('#site-nav').waitFor({ state: 'hidden' });
    await expect(page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(mainText(page)).resolves.toContain('Heckler Tee');
    await context.close();
  });

  it("moves focus to the new page's heading after a client-side page change, and not on the first load", async () => {
    const { context, page } = await visitorPage({ viewport: PHONE });
    await page.goto(`${app.baseUrl}/`);
    await hydrated(page);
    await expect(page.evaluate(() => document.activeElement === document.body)).resolves.toBe(true);
    await page.getByRole('navigation', { name: 'Sitemap' }).getByRole('link', { name: 'Merch' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.baseUrl}/merch`);
    const heading = page.getByRole('heading', { level: 1, name: 'Merch' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await expect(heading.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Tab goes on from the heading into the new page, not from the footer link of the old one.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.closest('main')?.id)).resolves.toBe('main');
    await page.reload();
    await hydrated(page);
    await expect(page.evaluate(() => document.activeElement === document.body)).resolves.toBe(true);
    await context.close();
  });

  it('shows its content with JavaScript disabled, and the contact form still sends', async () => {
    const { context, page } = await visitorPage({ javaScriptEnabled: false });
    await page.goto(`${app.baseUrl}/events`);
    await expect(mainText(page)).resolves.toContain('Late Night Improv Jam');
    await expect(page.locator('#site-nav').isVisible()).resolves.toBe(true);
    await page.goto(`${app.baseUrl}/contact`);
    await page.fill('#contact-name', 'No Script');
    await page.fill('#contact-email', 'noscript@example.com');
    await page.fill('#contact-message', 'Sent by a browser without JavaScript.');
    await page.click('button[type="submit"]');
    await page.waitForURL(/\/contact\?sent=1/);
    await page.locator('[role="status"]').filter({ hasText: /^Message sent! We'll be in touch soon\.$/ }).waitFor();
    await context.close();
  });

  it('contact form: sending, then success with the form cleared', async () => {
    const { context, page } = await visitorPage();
    await page.goto(`${app.baseUrl}/contact`);
    await hydrated(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.fill('#contact-name', 'Grace Hopper');
    await page.fill('#contact-email', 'grace@example.com');
    await page.fill('#contact-message', 'We would love to book you for our conference.');
    await page.click('button[type="submit"]');
    const button = page.locator('button[type="submit"]');
    await expect(button.textContent()).resolves.toBe('Sending…');
    await expect(button.isDisabled()).resolves.toBe(true);
    release();
    await page.getByText("Message sent! We'll be in touch soon.").waitFor();
    for (const field of ['#contact-name', '#contact-email', '#contact-message']) await expect(page.inputValue(field)).resolves.toBe('');
    await expect(button.isEnabled()).resolves.toBe(true);
    await context.close();
  });

  it('contact form: failure message when the server does not take it', async () => {
    const { context, page } = await visitorPage();
    await page.goto(`${app.baseUrl}/contact`);
    await hydrated(page);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
    await page.fill('#contact-name', 'Grace Hopper');
    await page.fill('#contact-email', 'grace@example.com');
    await page.fill('#contact-message', 'Hello?');
    await page.click('button[type="submit"]');
    await page.getByText('We couldn’t send your message. Please try again later.').waitFor();
    await expect(page.inputValue('#contact-message')).resolves.toBe('Hello?');
    await context.close();
  });

  it('contact form: an address the server would refuse is named at the field, and nothing is sent', async () => {
    const { context, page } = await visitorPage();
    await page.goto(`${app.baseUrl}/contact`);
    await hydrated(page);
    let posts = 0;
    await page.route('**/api/contact', async (route) => {
      posts += 1;
      await route.continue();
    });
    await page.fill('#contact-name', 'Grace Hopper');
    // The browser's email type accepts 'a@b'; the server would not.
    await page.fill('#contact-email', 'a@b');
    await page.fill('#contact-message', 'Hello?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(email.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole('textbox', { name: 'Email', description: 'Please enter a valid email address.' }).count()).resolves.toBe(1);
    expect(posts).toBe(0);
    // Fixed, it goes through, and the field is no longer marked.
    await email.fill('grace@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText("Message sent! We'll be in touch soon.").waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBeNull();
    expect(posts).toBe(1);
    await context.close();
  });

  it("contact form: the server's refusal is shown in its words, at the field it names", async () => {
    const { context, page } = await visitorPage();
    await page.goto(`${app.baseUrl}/contact`);
    await hydrated(page);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'Message must be at most 5,000 characters.', field: 'message' }) }),
    );
    await page.fill('#contact-name', 'Grace Hopper');
    await page.fill('#contact-email', 'grace@example.com');
    await page.fill('#contact-message', 'Hello?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message must be at most 5,000 characters.').waitFor();
    await expect(page.getByRole('textbox', { name: 'Message' }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByText('We couldn’t send your message. Please try again later.').count()).resolves.toBe(0);
    await expect(page.inputValue('#contact-message')).resolves.toBe('Hello?');
    await context.close();
  });

  describe('draft preview', () => {
    beforeAll(async () => {
      await saveDraftSettings(app.baseUrl, cookieHeader(), { hero_title: 'Draft: brand new headline', merch_title: 'Draft merch shelf' });
    });

    it('shows the admin the draft and keeps stage=draft on internal links, not on Admin Login', async () => {
      const { context, page } = await adminPage();
      await page.goto(`${app.baseUrl}/?stage=draft`);
      await page.getByRole('heading', { level: 1, name: /draft: brand new headline/i }).waitFor();
      await expect(page.getByText('Draft preview').count()).resolves.toBe(1);
      await page.getByText('Admin Mode').waitFor();
      await expect(page.getByRole('link', { name: 'Admin Login' }).getAttribute('href')).resolves.toBe('/admin');
      await hydrated(page);
      await page.locator('#site-nav').getByRole('link', { name: 'Merch' }).click();
      await page.waitForURL(`${app.baseUrl}/merch?stage=draft`);
      await page.getByRole('heading', { level: 1, name: /draft merch shelf/i }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /draft merch shelf/i }).waitFor();
      await context.close();
    });

    it('shows everyone else the live page, even with stage=draft', async () => {
      const { context, page } = await visitorPage();
      await page.goto(`${app.baseUrl}/?stage=draft`);
      await page.getByRole('heading', { level: 1, name: /comedy that hits different/i }).waitFor();
      await expect(page.locator('a[href*="stage=draft"]').count()).resolves.toBe(0);
      await context.close();
    });
  });

  describe('maintenance', () => {
    afterAll(async () => {
      await publishSettings(app.baseUrl, cookieHeader(), { maintenance_enabled: false });
    });

    it('replaces the site for visitors with 503, lets the admin draft view through, and ends when switched off', async () => {
      await publishSettings(app.baseUrl, cookieHeader(), { maintenance_enabled: true, maintenance_message: 'New jokes loading. Back at 8pm.' });
      const { context, page } = await visitorPage({ viewport: PHONE });
      const response = await page.goto(`${app.baseUrl}/events`);
      expect(response?.status()).toBe(503);
      expect(response?.headers()['retry-after']).toBe('300');
      await page.getByRole('heading', { level: 1, name: /we’ll be right back/i }).waitFor();
      await expect(page.getByText('New jokes loading. Back at 8pm.').count()).resolves.toBe(1);
      await expect(page.locator('nav').count()).resolves.toBe(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousAxeViolations(page);

      const admin = await adminPage();
      const draft = await admin.page.goto(`${app.baseUrl}/events?stage=draft`);
      expect(draft?.status()).toBe(200);
      await admin.page.getByRole('heading', { level: 1, name: /shows & tickets/i }).waitFor();
      await admin.context.close();

      await publishSettings(app.baseUrl, cookieHeader(), { maintenance_enabled: false });
      const back = await page.goto(`${app.baseUrl}/events`);
      expect(back?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: /shows & tickets/i }).waitFor();
      await context.close();
    });
  });
});

describe('a site with long words, broken images and odd media', () => {
  const IMAGES = 'https://images.example';
  const LOGO = `${IMAGES}/logo.png`;
  const LONG_EMAIL = 'bookings-and-general-enquiries@punchline-comedy-collective.example.com';
  const LONG_URL = 'https://instagram.com/a-very-long-handle-for-maya-brooks-the-comic-and-producer';

  beforeAll(async () => {
    await publishSettings(app.baseUrl, cookieHeader(), {
      ...SEEDED_SETTINGS,
      logo_url: LOGO,
      footer_links: [{ label: LONG_URL, url: LONG_URL }],
      contactemail: LONG_EMAIL,
      contact_cards: [
        { title: 'Press', description: 'Interviews, photos and press passes.', link_label: 'Download the full press kit (PDF, 24 MB)', link_url: 'https://punchline.example/press-kit.pdf' },
        { title: 'Links', description: LONG_URL, link_label: LONG_URL, link_url: LONG_URL },
      ],
      events_upcoming: [{ title: 'Showcase', date: 'April 12, 2031', venue: LONG_URL, link: 'https://tickets.example/spring' }],
      merch_items: [
        { title: 'Heckler Tee', price: 'Free', description: 'Soft cotton tee.', image_url: `${IMAGES}/missing-tee.jpg`, buy_url: 'https://shop.example/tee' },
        { title: 'Tote of Shame', price: 'Pay what you can, suggested fifteen', description: LONG_URL, image_url: '', buy_url: '' },
      ],
      about_team: [{ name: 'Theo Park', title: 'Head Writer', bio: 'Sketch writer.', photo_url: `${IMAGES}/missing-theo.jpg`, socials: [{ label: '', url: LONG_URL }] }],
      media_sections: [
        {
          title: 'Photos',
          items: [
            { type: 'image', title: 'A 16:9 photo', url: `${IMAGES}/photo-16x9.png` },
            { type: 'image', title: 'A 5:1 banner', url: `${IMAGES}/banner-5x1.png` },
            { type: 'image', title: 'A broken photo', url: `${IMAGES}/missing-photo.jpg` },
          ],
        },
        {
          title: 'Clips',
          items: [
            { type: 'video', title: 'An article about us', url: 'https://pages.example/article' },
            { type: 'video', title: 'A deleted clip', url: '/api/storage/proxy?bucket=media&path=deleted-clip.mp4' },
          ],
        },
      ],
    });
  });

  /** A visitor whose browser gets the logo and photos from images.example, and a web page (not a video) from pages.example. */
  async function visitorWithImages(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const visitor = await visitorPage({ viewport });
    const files: Record<string, Buffer> = { 'logo.png': png(96, 96, [255, 215, 0]), 'photo-16x9.png': png(320, 180, [200, 60, 60]), 'banner-5x1.png': png(500, 100, [60, 60, 200]) };
    await visitor.context.route(`${IMAGES}/**`, (route) => {
      const file = files[new URL(route.request().url()).pathname.slice(1)];
      return file ? route.fulfill({ contentType: 'image/png', body: file }) : route.fulfill({ status: 404, body: '' });
    });
    await visitor.context.route('https://pages.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>About us</title><p>An article.</p>' }));
    return visitor;
  }

  it.each([320, 375])('keeps every page inside a %p px screen: labels, addresses and links wrap', async (width) => {
    const { context, page } = await visitorWithImages({ width, height: 740 });
    for (const path of PAGES) {
      await page.goto(app.baseUrl + path);
      await hydrated(page);
      expect([path, await clippedContent(page)]).toEqual([path, []]);
      await expectNoHorizontalScroll(page);
    }
    // The contact form, beside the long card link in the same layout, keeps to the screen with its padding.
    await page.goto(`${app.baseUrl}/contact`);
    const form = await page.locator('.contact-form').boundingBox();
    expect(form!.x + form!.width).toBeLessThanOrEqual(width - 16);
    await page.getByRole('link', { name: 'Download the full press kit (PDF, 24 MB)' }).waitFor();
    await screenshot(page, `public-contact-${width}`);
    await context.close();
  });

  it('shows a price that is not an amount as written, without a $', async () => {
    const { context, page } = await visitorWithImages({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/merch`);
    const prices = await page.locator('.merch-card__price').allTextContents();
    expect(prices).toEqual(['Free', 'Pay what you can, suggested fifteen']);
    await context.close();
  });

  it('shows the logo, not the default picture, for a broken image on merch, about and media (SPEC §8)', async () => {
    const { context, page } = await visitorWithImages({ width: 1280, height: 900 });
    for (const [path, selector] of [
      ['/merch', '.merch-card__image'],
      ['/about', '.team-card__photo'],
      ['/media', '.media-card__image'],
    ] as const) {
      await page.goto(app.baseUrl + path);
      await hydrated(page);
      const images = page.locator(selector);
      for (let i = 0; i < (await images.count()); i += 1) await images.nth(i).scrollIntoViewIfNeeded();
      // Every image has settled on something it could draw.
      await page.waitForFunction((sel) => [...document.querySelectorAll<HTMLImageElement>(sel)].every((img) => img.complete && img.naturalWidth > 0), selector);
      const sources = await images.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
      expect([path, sources.filter((src) => src.startsWith('data:'))]).toEqual([path, []]);
      expect([path, sources.filter((src) => src === LOGO).length]).toEqual([path, path === '/merch' ? 2 : 1]);
    }
    await context.close();
  });

  it('fills the 16:10 frame with any image on /media, whatever its shape', async () => {
    const { context, page } = await visitorWithImages({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/media`);
    await hydrated(page);
    const frames = page.locator('.media-card--image .media-card__frame');
    expect(await frames.count()).toBe(3);
    for (let i = 0; i < 3; i += 1) {
      await frames.nth(i).scrollIntoViewIfNeeded();
      const fit = await frames.nth(i).evaluate((frame) => {
        const img = frame.querySelector('img')!;
        const inner = { width: frame.clientWidth, height: frame.clientHeight };
        return { inner, img: { width: img.clientWidth, height: img.clientHeight }, objectFit: getComputedStyle(img).objectFit };
      });
      expect(fit.img).toEqual(fit.inner);
      expect(fit.objectFit).toBe('cover');
    }
    await screenshot(page, 'public-media-390');
    await context.close();
  });

  it('replaces a video link that plays nothing with a fallback, and grants embeds fullscreen without a console warning', async () => {
    const { context, page } = await visitorWithImages({ width: 1280, height: 900 });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/allowfullscreen/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(`${app.baseUrl}/media`);
    await hydrated(page);
    const clips = page.getByRole('region', { name: 'Clips' });
    const open = clips.getByRole('link', { name: 'Open the video An article about us (opens in a new tab)' });
    await open.waitFor();
    await expect(open.getAttribute('href')).resolves.toBe('https://pages.example/article');
    await clips.getByText('Media coming soon.').waitFor();
    await expect(clips.locator('video').count()).resolves.toBe(0);
    await page.goto(`${app.baseUrl}/`);
    await expect(page.locator('iframe').getAttribute('allow')).resolves.toContain('fullscreen');
    await expect(page.locator('iframe').getAttribute('allowfullscreen')).resolves.toBeNull();
    expect(warnings).toEqual([]);
    await context.close();
  });
});
