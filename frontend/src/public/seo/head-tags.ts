/**
 * The <head> of a server-rendered public page (DESIGN §9): title, description, keywords, favicon,
 * canonical link, Open Graph and Twitter cards. Every value is HTML-escaped here; settings never
 * reach the document as markup.
 */
import type { ResponsiveImage, SettingsRecord, ThemedPage } from '@punchline/domain';
import { HALF_WIDTH_SIZES } from '../components/image-sizes';
import { parseHexColor, toProxyUrl } from '@punchline/domain';
import { documentTitle, pageHeading, PUBLIC_PAGES } from '../pages';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A link from settings as an absolute http(s) URL for crawlers, or null when it cannot be one. */
export function absoluteUrl(link: string, baseUrl: string): string | null {
  const value = link.trim();
  if (value === '') return null;
  try {
    const url = new URL(value, `${baseUrl.replace(/\/+$/, '')}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface HeadInput {
  settings: SettingsRecord;
  page: ThemedPage | 'maintenance';
  /** External origin (PUBLIC_BASE_URL), for canonical and og:url. */
  baseUrl: string;
  /** Used when favicon_url is not set. */
  defaultFaviconUrl: string;
  /** Processed library images by link as stored (SiteData.images). */
  images?: Record<string, ResponsiveImage>;
}

function description(settings: SettingsRecord, page: ThemedPage | 'maintenance'): string {
  if (page === 'maintenance') return settings.maintenance_message;
  const intro = page === 'home' ? '' : pageHeading(settings, page).intro;
  const text = intro || settings.site_description || settings.hero_subtext;
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}…` : text;
}

/** The page's share image and its text alternative (og:image:alt, twitter:image:alt; issue 31). */
function shareImage(settings: SettingsRecord, baseUrl: string): { url: string; alt: string } | null {
  const hero = absoluteUrl(toProxyUrl(settings.hero_image_url), baseUrl);
  if (hero) return { url: hero, alt: settings.hero_title || settings.site_title };
  const logo = absoluteUrl(toProxyUrl(settings.logo_url), baseUrl);
  return logo ? { url: logo, alt: `${settings.site_title} logo` } : null;
}

/** The pages are written in English (index.html's lang="en"); Open Graph names the locale. */
export const OG_LOCALE = 'en_US';

/**
 * The home page's hero is its largest paint: preloaded in AVIF at the width the screen needs
 * (issue 13), before the stylesheet and the script are even parsed. Browsers without AVIF skip it.
 */
function heroPreload(settings: SettingsRecord, page: HeadInput['page'], images: HeadInput['images']): string {
  const hero = page === 'home' && settings.hero_image_url ? images?.[settings.hero_image_url] : undefined;
  const srcset = hero?.srcset.avif;
  if (!srcset) return '';
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(HALF_WIDTH_SIZES)}" fetchpriority="high">`;
}

export function headTags({ settings, page, baseUrl, defaultFaviconUrl, images }: HeadInput): string {
  const title = documentTitle(settings, page);
  const desc = description(settings, page);
  const path = page === 'maintenance' ? '/' : (PUBLIC_PAGES.find((p) => p.key === page)?.path ?? '/');
  const canonical = absoluteUrl(path, baseUrl) ?? path;
  const image = shareImage(settings, baseUrl);
  const favicon = settings.favicon_url ? toProxyUrl(settings.favicon_url) : defaultFaviconUrl;
  const themeColor = parseHexColor(settings.header_bg) ?? '#000000';
  const e = escapeHtml;
  const tags = [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(desc)}">`,
    settings.site_keywords ? `<meta name="keywords" content="${e(settings.site_keywords)}">` : '',
    `<meta name="theme-color" content="${themeColor}">`,
    `<link rel="icon" href="${e(favicon)}">`,
    page === 'maintenance' ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${e(canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${e(settings.site_title)}">`,
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(desc)}">`,
    `<meta property="og:url" content="${e(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALE}">`,
    image ? `<meta property="og:image" content="${e(image.url)}">` : '',
    image ? `<meta property="og:image:alt" content="${e(image.alt)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(title)}">`,
    `<meta name="twitter:description" content="${e(desc)}">`,
    image ? `<meta name="twitter:image" content="${e(image.url)}">` : '',
    image ? `<meta name="twitter:image:alt" content="${e(image.alt)}">` : '',
    heroPreload(settings, page, images),
    // Lets the stylesheet collapse the mobile menu only when a script can open it again.
    `<script>document.documentElement.classList.add('js')</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}
