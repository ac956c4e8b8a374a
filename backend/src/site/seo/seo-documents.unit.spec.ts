import robotsParser from 'robots-parser';
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
    expect(robotsTxt('https://punchline.test')).toBe(
      'User-agent: *\nAllow: /api/storage/proxy\nDisallow: /admin\nDisallow: /api\n\nSitemap: https://punchline.test/sitemap.xml\n',
    );
  });
});

describe('robotsTxt as crawlers read it (issue 31, robots-parser)', () => {
  const robots = robotsParser('https://punchline.test/robots.txt', robotsTxt('https://punchline.test'));
  it.each(['Googlebot', 'Twitterbot', 'Googlebot-Image', 'facebookexternalhit', 'Bingbot'])('%s may fetch media and pages, not the API or the admin area', (agent) => {
    expect(robots.isAllowed('https://punchline.test/api/storage/proxy?bucket=media&path=photos%2Fa.jpg', agent)).toBe(true);
    expect(robots.isAllowed('https://punchline.test/api/storage/proxy?bucket=media&path=a.jpg&w=640&f=avif', agent)).toBe(true);
    expect(robots.isAllowed('https://punchline.test/events', agent)).toBe(true);
    expect(robots.isAllowed('https://punchline.test/events.ics', agent)).toBe(true);
    expect(robots.isAllowed('https://punchline.test/api/settings?stage=live', agent)).toBe(false);
    expect(robots.isAllowed('https://punchline.test/api/contact', agent)).toBe(false);
    expect(robots.isAllowed('https://punchline.test/admin', agent)).toBe(false);
  });
});
