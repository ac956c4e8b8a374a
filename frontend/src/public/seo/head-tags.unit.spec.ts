import { normaliseSettings } from '@punchline/domain';
import { absoluteUrl, escapeHtml, headTags } from './head-tags';

const base = 'https://punchline.test';

describe('headTags', () => {
  it('describes the home page of an empty site with the defaults', () => {
    const settings = normaliseSettings({}, 'public');
    const head = headTags({ settings, page: 'home', baseUrl: base, defaultFaviconUrl: '/favicon.svg' });
    expect(head).toContain('<title>Punchline</title>');
    expect(head).toContain(`<meta name="description" content="${escapeHtml(settings.site_description)}">`);
    expect(head).toContain('<meta name="keywords" content="comedy, stand-up, sketch, improv, live shows">');
    expect(head).toContain('<link rel="icon" href="/favicon.svg">');
    expect(head).toContain('<link rel="canonical" href="https://punchline.test/">');
    expect(head).toContain('<meta property="og:url" content="https://punchline.test/">');
    expect(head).toContain('<meta name="twitter:card" content="summary">');
    expect(head).not.toContain('og:image');
  });

  it('titles a page after its heading, describes it by its intro and shares the hero image', () => {
    const settings = normaliseSettings(
      { site_title: 'Laugh Track', events_title: 'Shows', events_intro: 'Every gig we play.', hero_image_url: '/media/hero.jpg', favicon_url: 'https://cdn.test/f.png' },
      'public',
    );
    const head = headTags({ settings, page: 'events', baseUrl: `${base}/`, defaultFaviconUrl: '/favicon.svg' });
    expect(head).toContain('<title>Shows | Laugh Track</title>');
    expect(head).toContain('<meta name="description" content="Every gig we play.">');
    expect(head).toContain('<link rel="canonical" href="https://punchline.test/events">');
    expect(head).toContain('<link rel="icon" href="https://cdn.test/f.png">');
    expect(head).toContain('<meta property="og:image" content="https://punchline.test/media/hero.jpg">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('escapes every setting it puts into the head', () => {
    const settings = normaliseSettings({ site_title: '</title><script>alert(1)</script>', site_keywords: '"><img src=x onerror=alert(1)>' }, 'public');
    const head = headTags({ settings, page: 'home', baseUrl: base, defaultFaviconUrl: '/f.svg' });
    expect(head).not.toContain('<script>alert');
    expect(head).not.toContain('<img');
    expect(head).toContain('&lt;/title&gt;&lt;script&gt;');
  });

  it('keeps the maintenance page out of the index', () => {
    const head = headTags({ settings: normaliseSettings({}, 'public'), page: 'maintenance', baseUrl: base, defaultFaviconUrl: '/f.svg' });
    expect(head).toContain('<title>We’ll be right back | Punchline</title>');
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).not.toContain('rel="canonical"');
  });
});

describe('absoluteUrl', () => {
  it('resolves relative links against the base and refuses other schemes', () => {
    expect(absoluteUrl('/a.png', base)).toBe('https://punchline.test/a.png');
    expect(absoluteUrl('https://x.test/b.png', base)).toBe('https://x.test/b.png');
    expect(absoluteUrl('mailto:hi@x.test', base)).toBeNull();
    expect(absoluteUrl('', base)).toBeNull();
  });
});
