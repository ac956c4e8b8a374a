/** The six public pages (SPEC §2), in navigation order, with the settings that title them. */
import type { SettingsRecord, ThemedPage } from '@punchline/domain';

export interface PublicPage {
  key: ThemedPage;
  path: string;
  label: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { key: 'home', path: '/', label: 'Home' },
  { key: 'media', path: '/media', label: 'Media' },
  { key: 'merch', path: '/merch', label: 'Merch' },
  { key: 'events', path: '/events', label: 'Events' },
  { key: 'about', path: '/about', label: 'About' },
  { key: 'contact', path: '/contact', label: 'Contact' },
];

export const PUBLIC_PATHS: readonly string[] = PUBLIC_PAGES.map((p) => p.path);

/** The page a path shows ('/events/' counts as '/events'), or null for any other path. */
export function publicPageOf(pathname: string): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return PUBLIC_PAGES.find((p) => p.path === path) ?? null;
}

/** Heading and intro of a page as the settings give them; home is led by the hero. */
export function pageHeading(settings: SettingsRecord, page: ThemedPage): { title: string; intro: string } {
  switch (page) {
    case 'home':
      return { title: settings.hero_title, intro: settings.hero_subtext };
    case 'events':
      return { title: settings.events_title, intro: settings.events_intro };
    case 'media':
      return { title: settings.media_title, intro: settings.media_intro };
    case 'merch':
      return { title: settings.merch_title, intro: settings.merch_intro };
    case 'about':
      return { title: settings.about_title, intro: settings.about_body };
    case 'contact':
      return { title: settings.contact_title, intro: settings.contact_intro };
    default: {
      const _exhaustive: never = page;
      return _exhaustive;
    }
  }
}

/** The document title: the site title on home, 'Page | Site' elsewhere. */
export function documentTitle(settings: SettingsRecord, page: ThemedPage | 'maintenance'): string {
  if (page === 'maintenance') return `We’ll be right back | ${settings.site_title}`;
  if (page === 'home') return settings.site_title;
  const { title } = pageHeading(settings, page);
  return title && title !== settings.site_title ? `${title} | ${settings.site_title}` : settings.site_title;
}
