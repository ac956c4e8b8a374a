import { robotsTxt, sitemapXml } from './seo-documents';

describe('sitemapXml', () => {
  it('lists every page under the public origin with the date of the last publish', () => {
    const xml = sitemapXml('https://punchline.test/', ['/', '/events'], '2025-04-01T10:00:00.000Z');
    expect(xml).toContain('<loc>https://punchline.test/</loc><lastmod>2025-04-01</lastmod>');
    expect(xml).toContain('<loc>https://punchline.test/events</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('leaves lastmod out before the first publish', () => {
    expect(sitemapXml('https://punchline.test', ['/'], null)).not.toContain('lastmod');
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of the admin area and the API and points them at the sitemap', () => {
    expect(robotsTxt('https://punchline.test')).toBe('User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: https://punchline.test/sitemap.xml\n');
  });
});
