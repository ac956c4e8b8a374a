import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { ensureFrontendBuilt } from '../test-support/frontend-build';
import { publish, saveDraft } from '../test-support/site-publishing';

type Client = ReturnType<typeof http>;

/** The settings JSON the page embeds for hydration. */
function embeddedData(html: string): { settings: Record<string, unknown>; stage: string; maintenance: boolean } {
  const match = /<script id="site-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no site data in the page');
  return JSON.parse(match[1]);
}

/** The bytes as sent (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

describe('server-rendered public site', () => {
  let app: TestApp;
  let visitor: Client;
  let admin: Client;

  beforeAll(async () => {
    ensureFrontendBuilt();
    app = await startTestApp();
    visitor = http(app.baseUrl);
    admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
  });
  afterAll(() => app?.close());

  describe('an empty site', () => {
    it('renders home from the defaults, with every head tag and the data to hydrate', async () => {
      const res = await visitor.get('/', { accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = res.body as string;
      expect(html).toContain('<title>Punchline</title>');
      expect(html).toContain('<meta name="description" content="Punchline is a comedy production collective staging live stand-up, sketch and improv.">');
      expect(html).toContain('<meta name="keywords" content="comedy, stand-up, sketch, improv, live shows">');
      expect(html).toMatch(/<link rel="icon" href="[^"]+">/);
      expect(html).toContain(`<link rel="canonical" href="${app.baseUrl}/">`);
      expect(html).toContain('<meta property="og:title" content="Punchline">');
      expect(html).toContain('<meta name="twitter:card" content="summary">');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(html).toContain('Live comedy from Punchline');
      expect(html).toContain('No upcoming shows yet.');
      for (const label of ['Get Tickets', 'Watch a Clip', 'Contact Us', 'View All', 'Book the Crew', 'Meet the Team', 'Who We Are', 'Media Spotlight', 'Admin Login']) {
        expect(html).toContain(label);
      }
      expect(embeddedData(html)).toMatchObject({ stage: 'live', maintenance: false, settings: { site_title: 'Punchline', theme_bg: '#050505' } });
    });

    it.each([
      ['/events', ['No upcoming shows yet.', 'No past shows yet.'], 'Events | Punchline'],
      ['/media', ['No media yet.'], 'Media | Punchline'],
      ['/merch', ['No merch items yet.'], 'Merch | Punchline'],
      ['/about', ['What drives us', 'Our Mission'], 'About Us | Punchline'],
      ['/contact', ['Reach Us', 'type="email"', 'name="website"'], 'Contact | Punchline'],
    ])('renders %s with its empty texts', async (path, texts, title) => {
      const res = await visitor.get(path);
      expect(res.status).toBe(200);
      for (const text of texts) expect(res.body).toContain(text);
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain(`<link rel="canonical" href="${app.baseUrl}${path}">`);
    });

    it('serves sitemap.xml and robots.txt', async () => {
      const sitemap = await visitor.get('/sitemap.xml');
      expect(sitemap.status).toBe(200);
      expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      for (const path of ['/', '/media', '/merch', '/events', '/about', '/contact']) expect(sitemap.body).toContain(`<loc>${app.baseUrl}${path}</loc>`);
      const robots = await visitor.get('/robots.txt');
      expect(robots.body).toBe(`User-agent: *\nAllow: /api/storage/proxy\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${app.baseUrl}/sitemap.xml\n`);
    });

    it('redirects unknown paths to /, keeping a draft view', async () => {
      for (const path of ['/nope', '/events/2025', '/administrator', '/index.html']) {
        const res = await visitor.get(path);
        expect([path, res.status, res.headers.get('location')]).toEqual([path, 302, '/']);
      }
      expect((await visitor.get('/nope?stage=draft')).headers.get('location')).toBe('/?stage=draft');
      expect((await visitor.get('/api/nope')).status).toBe(404);
      expect((await visitor.get('/assets/nope.js')).status).toBe(404);
    });

    it('serves the admin area as an empty, unindexed shell without settings', async () => {
      const res = await visitor.get('/admin/page-configurations');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).not.toContain('site-data');
    });
  });

  describe('after a publish', () => {
    const hostile = '</script><script>alert("x")</script>';

    beforeAll(async () => {
      await publish(admin, {
        site_title: 'Laugh Riot',
        hero_title: 'Stand-up tonight',
        hero_badge_enabled: true,
        hero_badge_label: 'Sold out soon',
        featured_video_url: 'https://youtu.be/dQw4w9WgXcQ',
        who_title: hostile,
        events_upcoming: [
          { title: 'Show One', date: 'April 1, 2026', venue: 'Room A', link: 'https://tickets.test/1' },
          { title: 'Show Two', date: 'April 2, 2026', venue: 'Room B', link: '/contact' },
          { title: 'Show Three', date: 'April 3, 2026', venue: 'Room C', link: 'https://tickets.test/3' },
          { title: 'Show Four', date: 'April 4, 2026', venue: 'Room D', link: 'https://tickets.test/4' },
        ],
        media_sections: [
          { title: 'Clips', items: [{ type: 'video', title: 'Opener', url: 'https://vimeo.com/76979871' }, { type: 'image', title: 'Soon', url: '' }] },
          { title: ' archive ', items: [{ type: 'image', title: 'Secret flyer', url: 'https://img.test/old.jpg' }] },
        ],
        merch_items: [{ title: 'Tee', price: '25', description: 'Cotton', image_url: '', buy_url: 'https://shop.test/tee' }],
        theme_use_global: false,
        events_theme_accent: '#FF3366',
      });
    });

    it('renders the new live version: title, badge, embeds and only three shows on home', async () => {
      const html = (await visitor.get('/')).body as string;
      expect(html).toContain('<title>Laugh Riot</title>');
      expect(html).toContain('Sold out soon');
      expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
      expect(html).toContain('loading="lazy"');
      const main = mainOf(html);
      expect(main).toContain('Show Three');
      expect(main).not.toContain('Show Four');
      // Get Tickets only for http links: the next-up card, Show One and Show Three (plus the hero button).
      expect(main.match(/href="https:\/\/tickets\.test\/\d"/g)).toEqual(['href="https://tickets.test/1"', 'href="https://tickets.test/1"', 'href="https://tickets.test/3"']);
    });

    it('escapes settings in the markup and in the hydration data', async () => {
      const html = (await visitor.get('/')).body as string;
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(embeddedData(html).settings.who_title).toBe(hostile);
    });

    it('hides Archive sections, shows embeds and "Media coming soon." on media; $ prices on merch', async () => {
      const media = (await visitor.get('/media')).body as string;
      expect(media).toContain('https://player.vimeo.com/video/76979871?dnt=1');
      expect(media).toContain('Media coming soon.');
      expect(mainOf(media)).not.toContain('Secret flyer');
      expect((await visitor.get('/merch')).body).toContain('$25');
    });

    it('applies the per-page theme override as custom properties', async () => {
      expect((await visitor.get('/events')).body).toContain('--accent:#FF3366');
      expect((await visitor.get('/')).body).toContain('--accent:#FFD700');
    });

    it('answers from the cache per live version: same bytes and ETag, 304 on revalidation, gzip when accepted', async () => {
      const first = await visitor.get('/about');
      const second = await visitor.get('/about');
      expect(second.body).toBe(first.body);
      const etag = first.headers.get('etag')!;
      expect(second.headers.get('etag')).toBe(etag);
      expect((await visitor.get('/about', { 'if-none-match': etag })).status).toBe(304);

      const raw = await rawGet(`${app.baseUrl}/about`, { 'accept-encoding': 'gzip, br' });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(raw.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(raw.body).toString()).toBe(first.body);

      await publish(admin, { about_title: 'Who we are now' });
      const after = await visitor.get('/about');
      expect(after.body).toContain('Who we are now');
      expect(after.headers.get('etag')).not.toBe(etag);
    });
  });

  describe('draft view', () => {
    beforeAll(async () => {
      await saveDraft(admin, { hero_title: 'Draft headline', merch_title: 'Draft merch' });
    });

    it('shows an admin the draft merged over live, keeping stage=draft on internal links', async () => {
      const res = await admin.get('/?stage=draft');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = res.body as string;
      expect(html).toContain('Draft headline');
      expect(html).toContain('Laugh Riot');
      expect(embeddedData(html).stage).toBe('draft');
      expect(html).toContain('href="/events?stage=draft"');
      expect(html).toContain('href="/admin"');
      expect((await admin.get('/merch?stage=draft')).body).toContain('Draft merch');
    });

    it('shows the live page to everyone else, and to the admin without stage=draft', async () => {
      const anonymous = await visitor.get('/?stage=draft');
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
      expect(anonymous.body).not.toContain('Draft headline');
      expect(anonymous.body).toContain('Stand-up tonight');
      expect(anonymous.body).not.toContain('stage=draft');
      expect(embeddedData(anonymous.body).stage).toBe('live');
      expect((await admin.get('/')).body).not.toContain('Draft headline');
    });
  });

  it('publishes no admin-only setting in the pages (the quick links stay in the admin area)', async () => {
    await publish(admin, { admin_quick_links: [{ label: 'Box office', url: 'https://tickets.example/backstage' }] });
    for (const path of ['/', '/contact']) {
      const html = await (await fetch(app.baseUrl + path)).text();
      expect(embeddedData(html).settings.admin_quick_links).toEqual([]);
      expect(html).not.toContain('tickets.example');
    }
    await publish(admin, { admin_quick_links: [] });
  });

  describe('maintenance', () => {
    afterAll(async () => {
      await publish(admin, { maintenance_enabled: false, maintenance_schedule_enabled: false });
    });

    it('replaces every page with the maintenance page, 503 and Retry-After, while it is on', async () => {
      await publish(admin, { maintenance_enabled: true, maintenance_message: 'Tuning the mics, back at 9.' });
      for (const path of ['/', '/events', '/contact']) {
        const res = await visitor.get(path);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('300');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.body).toContain('We’ll be right back');
        expect(res.body).toContain('Tuning the mics, back at 9.');
        expect(res.body).not.toContain('Stand-up tonight');
      }
      expect((await visitor.get('/?stage=draft')).status).toBe(503);
    });

    it('lets the draft view of an admin through', async () => {
      const res = await admin.get('/events?stage=draft');
      expect(res.status).toBe(200);
      expect(res.body).not.toContain('We’ll be right back');
    });

    it('follows the daily schedule in UTC, counting Retry-After down to the window end', async () => {
      const now = new Date();
      const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
      const start = hhmm(new Date(now.getTime() - 60 * 60_000));
      const end = hhmm(new Date(now.getTime() + 2 * 60 * 60_000));
      await publish(admin, { maintenance_enabled: false, maintenance_schedule_enabled: true, maintenance_daily_start: start, maintenance_daily_end: end });
      const res = await visitor.get('/');
      expect(res.status).toBe(503);
      const retry = Number(res.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(60 * 60);
      expect(retry).toBeLessThanOrEqual(2 * 60 * 60);

      await publish(admin, { maintenance_daily_start: end, maintenance_daily_end: hhmm(new Date(now.getTime() + 3 * 60 * 60_000)) });
      expect((await visitor.get('/')).status).toBe(200);
    });
  });
});

describe('built assets', () => {
  let app: TestApp;

  beforeAll(async () => {
    ensureFrontendBuilt();
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('sends the hashed scripts brotli- or gzip-compressed as accepted, immutable, and plain otherwise', async () => {
    const page = (await http(app.baseUrl).get('/')).body as string;
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(page)![1];
    const br = await rawGet(app.baseUrl + script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await rawGet(app.baseUrl + script, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await rawGet(app.baseUrl + script, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(plain.headers['cache-control']).toContain('immutable');
  });
});
