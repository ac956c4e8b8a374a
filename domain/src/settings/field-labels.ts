/**
 * The settings fields in the admin's words, as the editing screens name them, with the page added
 * where the form's own label ('Title', 'Intro') only makes sense inside its tab. One list for the
 * screens (publish changes, notes) and the server (audit and history summaries).
 */
import { THEMED_PAGES, THEME_COLOR_KEYS, type PageThemeField, type ThemeColorKey, type ThemedPage, type WritableSettingsField } from './settings-record';

const PAGE_NAMES: Record<ThemedPage, string> = { home: 'Home', about: 'About', events: 'Events', media: 'Media', merch: 'Merch', contact: 'Contact' };
const COLOR_NAMES: Record<ThemeColorKey, string> = {
  theme_accent: 'accent',
  theme_bg: 'page background',
  header_bg: 'header background',
  footer_bg: 'footer background',
  header_text_color: 'header text colour',
};

const pageThemeLabels = Object.fromEntries(
  THEMED_PAGES.flatMap((page) => THEME_COLOR_KEYS.map((key) => [`${page}_${key}`, `${PAGE_NAMES[page]} page ${COLOR_NAMES[key]}`])),
) as Record<PageThemeField, string>;

/**
 * Labels as the editing screens name the fields, with the page added where the form's own label
 * ('Title', 'Intro') only makes sense inside its tab. `Record` makes a new field without a label a compile error.
 */
export const SETTINGS_FIELD_LABELS: Record<WritableSettingsField, string> = {
  site_title: 'Site title',
  site_description: 'Site description',
  site_keywords: 'SEO keywords',
  logo_url: 'Logo',
  favicon_url: 'Favicon',
  footer_text: 'Footer text',
  footer_links: 'Footer links',
  admin_quick_links: 'Admin quick links',
  theme_use_global: 'Site-wide theme on every page',
  theme_accent: 'Accent colour',
  theme_bg: 'Page background colour',
  header_bg: 'Header background colour',
  footer_bg: 'Footer background colour',
  header_text_color: 'Header text colour',
  ...pageThemeLabels,
  maintenance_enabled: 'Maintenance mode',
  maintenance_schedule_enabled: 'Daily maintenance window',
  maintenance_timezone: 'Maintenance time zone',
  site_timezone: 'Site time zone',
  maintenance_daily_start: 'Maintenance start',
  maintenance_daily_end: 'Maintenance end',
  maintenance_message: 'Maintenance message',
  session_timeout_minutes: 'Admin session timeout (minutes)',
  admin_timeout_minutes: 'Admin session timeout, older setting (minutes)',
  hero_title: 'Hero title',
  hero_subtext: 'Hero subtext',
  hero_image_url: 'Hero image',
  featured_video_url: 'Featured video',
  who_title: 'Who we are title',
  who_body: 'Who we are body',
  who_cta_label: 'Who we are call-to-action label',
  who_cta_url: 'Who we are call-to-action link',
  who_image_url: 'Who we are image',
  who_label: 'Who we are label',
  who_show_label: 'Who we are label shown',
  hero_title_size: 'Hero title size',
  hero_subtext_size: 'Hero subtext size',
  hero_badge_size: 'Badge size',
  who_label_size: 'Who we are label size',
  who_title_size: 'Who we are title size',
  who_body_size: 'Who we are body size',
  hero_title_font_size: 'Hero title custom font size',
  hero_subtext_font_size: 'Hero subtext custom font size',
  hero_badge_font_size: 'Badge custom font size',
  hero_badge_enabled: 'Hero badge shown',
  hero_badge_label: 'Badge label',
  hero_badge_variant: 'Badge style',
  hero_badge_use_theme_color: 'Badge uses the theme colours',
  hero_badge_color: 'Badge colour',
  hero_badge_text_color: 'Badge text colour',
  events_title: 'Events title',
  events_intro: 'Events intro',
  events_upcoming: 'Upcoming events',
  events_past: 'Past events',
  about_title: 'About title',
  about_body: 'About intro',
  about_mission_title: 'Mission heading',
  about_mission_body: 'Mission copy',
  about_team_intro: 'Team intro',
  about_team: 'Team members',
  media_title: 'Media title',
  media_intro: 'Media intro',
  media_sections: 'Media sections',
  merch_title: 'Merch title',
  merch_intro: 'Merch intro',
  merch_items: 'Merch products',
  contact_title: 'Contact title',
  contact_intro: 'Contact intro',
  contactemail: 'Contact email',
  contactphone: 'Contact phone',
  contact_socials: 'Contact social links',
  contact_cards: 'Contact cards',
};
