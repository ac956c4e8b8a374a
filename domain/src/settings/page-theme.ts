/** The colours a public page renders with, after the global toggle and per-page overrides (SPEC §3, §4). */
import { contrastingTextColor } from './hex-color';
import type { SettingsRecord, ThemedPage } from './settings-record';

export interface PageTheme {
  accent: string;
  background: string;
  headerBackground: string;
  headerText: string;
  footerBackground: string;
}

/**
 * With theme_use_global on, every page uses the site-wide colours. With it off, a page's own
 * overrides apply where set, each falling back to the site-wide colour; a page that overrides its
 * header background but not its header text gets a text colour contrasting with that background.
 */
export function resolvePageTheme(settings: SettingsRecord, page: ThemedPage): PageTheme {
  const global: PageTheme = {
    accent: settings.theme_accent,
    background: settings.theme_bg,
    headerBackground: settings.header_bg,
    headerText: settings.header_text_color,
    footerBackground: settings.footer_bg,
  };
  if (settings.theme_use_global) return global;
  const headerBackground = settings[`${page}_header_bg`] || global.headerBackground;
  const ownHeaderText = settings[`${page}_header_text_color`];
  return {
    accent: settings[`${page}_theme_accent`] || global.accent,
    background: settings[`${page}_theme_bg`] || global.background,
    headerBackground,
    headerText: ownHeaderText || (settings[`${page}_header_bg`] ? contrastingTextColor(headerBackground) : global.headerText),
    footerBackground: settings[`${page}_footer_bg`] || global.footerBackground,
  };
}

export interface BadgeColors {
  background: string;
  text: string;
}

/** The hero badge's colours: the page accent (with contrasting text) when it follows the theme, else its own. */
export function resolveHeroBadgeColors(settings: SettingsRecord, theme: PageTheme): BadgeColors {
  if (settings.hero_badge_use_theme_color) return { background: theme.accent, text: contrastingTextColor(theme.accent) };
  return { background: settings.hero_badge_color, text: settings.hero_badge_text_color };
}
