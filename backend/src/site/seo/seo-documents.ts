/** sitemap.xml and robots.txt (DESIGN §9): the six pages for crawlers; the admin area and the API kept out. */
import { MEDIA_PROXY_PATH } from '@punchline/domain';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function sitemapXml(baseUrl: string, paths: readonly string[], lastModified: string | null): string {
  const base = baseUrl.replace(/\/+$/, '');
  const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified.slice(0, 10))}</lastmod>` : '';
  const urls = paths.map((path) => `  <url><loc>${escapeXml(base + path)}</loc>${lastmod}<changefreq>weekly</changefreq><priority>${path === '/' ? '1.0' : '0.8'}</priority></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The published media (every uploaded image, og:image included) is served by the media proxy under
 * /api (issue 31): crawlers may fetch that one path, the rest of the API stays disallowed. Allowing the
 * path rather than moving media to a new public one keeps every link already stored in settings,
 * shared on social sites or indexed working, with no second route to keep in step. Google, Bing and
 * robots-parser take the longest matching rule, so the Allow wins over `Disallow: /api`; it is listed
 * first for readers that take the first match.
 */
export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: ${MEDIA_PROXY_PATH}\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${baseUrl.replace(/\/+$/, '')}/sitemap.xml\n`;
}
