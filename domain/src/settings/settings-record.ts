/**
 * The one flat settings record of SPEC §3 (a draft and a live version), its field catalogue and
 * its defaults. Values here are the shapes after normalisation; raw input is `unknown` until
 * `normaliseSettings` / `validateSettingsUpdate` (normalise.ts) has been through it.
 */
import { contrastingTextColor } from './hex-color';

export const BRAND_NAME = 'Punchline';

/** Pages that carry per-page theme overrides, in the order of their field prefixes (SPEC §3). */
export const THEMED_PAGES = ['home', 'about', 'events', 'media', 'merch', 'contact'] as const;
export type ThemedPage = (typeof THEMED_PAGES)[number];

export const THEME_COLOR_KEYS = ['theme_accent', 'theme_bg', 'header_bg', 'footer_bg', 'header_text_color'] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type PageThemeField = `${ThemedPage}_${ThemeColorKey}`;

export const SIZE_PRESETS = ['small', 'medium', 'large'] as const;
export type SizePreset = (typeof SIZE_PRESETS)[number];

export const BADGE_VARIANTS = ['soft', 'bold'] as const;
export type BadgeVariant = (typeof BADGE_VARIANTS)[number];

export const SESSION_TIMEOUT_OPTIONS = [5, 10, 15, 20, 25, 30, 45, 60] as const;
export type SessionTimeoutMinutes = (typeof SESSION_TIMEOUT_OPTIONS)[number];
export const DEFAULT_SESSION_TIMEOUT_MINUTES: SessionTimeoutMinutes = 30;

export const CONTACT_SOCIAL_KEYS = ['instagram', 'twitter', 'youtube', 'tiktok', 'facebook'] as const;
export type ContactSocialKey = (typeof CONTACT_SOCIAL_KEYS)[number];

export const MEDIA_ITEM_TYPES = ['video', 'image'] as const;
export type MediaItemType = (typeof MEDIA_ITEM_TYPES)[number];

/** SPEC §9 limits. */
export const MAX_SOCIAL_LINKS = 10;
export const MAX_FOOTER_LINKS = 10;
export const MAX_ADMIN_QUICK_LINKS = 4;
export const HOME_UPCOMING_EVENTS_LIMIT = 3;
export const CSS_SIZE_MAX_LENGTH = 120;
export const SNAPSHOT_LIST_LIMIT = 20;

export interface LinkItem {
  label: string;
  url: string;
}

/** What a show's tickets are doing (issue 31): schema.org `offers.availability` and `eventStatus`. */
export const SHOW_AVAILABILITIES = ['on_sale', 'sold_out', 'cancelled'] as const;
export type ShowAvailability = (typeof SHOW_AVAILABILITIES)[number];

/**
 * `date` is free text such as 'April 1, 2025' or 'March 13, 2027 8pm' (a time is the site time
 * zone's, `site_timezone`). The optional fields (issue 31) are absent from older records and are
 * kept only when filled in, so a record saved before them reads exactly as it did.
 */
export interface EventItem {
  title: string;
  date: string;
  venue: string;
  link: string;
  /** The venue's postal address as one line ('12 Main St, Chicago, IL 60601'). */
  address?: string;
  description?: string;
  /** A decimal amount without symbol ('15', '12.50'); '0' for a free show. */
  price?: string;
  /** ISO 4217 code ('USD'). */
  currency?: string;
  availability?: ShowAvailability;
  /** Names separated by commas. */
  performers?: string;
  /** A media library image (or any http(s) image link). */
  image_url?: string;
}

/** The optional show fields in the order the editor shows them. */
export const SHOW_OPTIONAL_FIELDS = ['address', 'description', 'price', 'currency', 'availability', 'performers', 'image_url'] as const satisfies readonly (keyof EventItem)[];

/** `title` is the member's role. */
export interface TeamMember {
  name: string;
  title: string;
  bio: string;
  photo_url: string;
  socials: LinkItem[];
}

export interface MediaItem {
  type: MediaItemType;
  title: string;
  url: string;
}

export interface MediaSection {
  title: string;
  items: MediaItem[];
}

/** `price` is free text; the public page shows it with a $ prefix. */
export interface MerchItem {
  title: string;
  price: string;
  description: string;
  image_url: string;
  buy_url: string;
}

/** Only non-empty values are kept; an empty value removes the key. */
export type ContactSocials = Partial<Record<ContactSocialKey, string>>;

export interface ContactCard {
  title: string;
  description: string;
  link_label: string;
  link_url: string;
}

/** Per-page colour overrides; '' means "inherit the site-wide colour". */
export type PageThemeSettings = { [K in PageThemeField]: string };

export interface SettingsRecord extends PageThemeSettings {
  // Site-wide
  site_title: string;
  /**
   * IANA zone the shows' times are written in (issue 31): read into instants for the calendar feed
   * and structured data. Blank reads as `maintenance_timezone`.
   */
  site_timezone: string;
  site_description: string;
  /** Comma-separated. */
  site_keywords: string;
  logo_url: string;
  favicon_url: string;
  footer_text: string;
  footer_links: LinkItem[];
  admin_quick_links: LinkItem[];
  // Theme: colours are '#RRGGBB'
  theme_use_global: boolean;
  theme_accent: string;
  theme_bg: string;
  header_bg: string;
  footer_bg: string;
  header_text_color: string;
  // Maintenance
  maintenance_enabled: boolean;
  maintenance_schedule_enabled: boolean;
  /** Stored and edited, never applied (SPEC §4). */
  maintenance_timezone: string;
  /** 'HH:MM' (24-hour, UTC for the check) or '' when unset. */
  maintenance_daily_start: string;
  maintenance_daily_end: string;
  maintenance_message: string;
  // Sessions
  session_timeout_minutes: SessionTimeoutMinutes;
  /** Older name of the session timeout, kept for stored records; null when unset. */
  admin_timeout_minutes: SessionTimeoutMinutes | null;
  // Home
  hero_title: string;
  hero_subtext: string;
  hero_image_url: string;
  featured_video_url: string;
  who_title: string;
  who_body: string;
  who_cta_label: string;
  who_cta_url: string;
  who_image_url: string;
  who_label: string;
  who_show_label: boolean;
  hero_title_size: SizePreset;
  hero_subtext_size: SizePreset;
  hero_badge_size: SizePreset;
  who_label_size: SizePreset;
  who_title_size: SizePreset;
  who_body_size: SizePreset;
  /** Custom CSS font sizes; '' means the preset applies. */
  hero_title_font_size: string;
  hero_subtext_font_size: string;
  hero_badge_font_size: string;
  hero_badge_enabled: boolean;
  hero_badge_label: string;
  hero_badge_variant: BadgeVariant;
  hero_badge_use_theme_color: boolean;
  hero_badge_color: string;
  hero_badge_text_color: string;
  // Events (events_upcoming also feeds the home page)
  events_title: string;
  events_intro: string;
  events_upcoming: EventItem[];
  events_past: EventItem[];
  // About
  about_title: string;
  about_body: string;
  about_mission_title: string;
  about_mission_body: string;
  about_team_intro: string;
  about_team: TeamMember[];
  // Media
  media_title: string;
  media_intro: string;
  media_sections: MediaSection[];
  // Merch
  merch_title: string;
  merch_intro: string;
  merch_items: MerchItem[];
  // Contact
  contact_title: string;
  contact_intro: string;
  contactemail: string;
  contactphone: string;
  contact_socials: ContactSocials;
  contact_cards: ContactCard[];
  /** Read-only: set by the server from the time of the last change; ignored on input. */
  updated_at: string | null;
}

export type SettingsField = keyof SettingsRecord;
/** Fields a client may write (everything but `updated_at`). */
export type WritableSettingsField = Exclude<SettingsField, 'updated_at'>;
/**
 * A stored draft or live version: writable fields only, as saved (normalised, blank kept blank so
 * that defaults stay a matter of reading). Absent fields fall back to live, then to defaults.
 */
export type StoredSettings = Partial<Pick<SettingsRecord, WritableSettingsField>>;

export type FieldKind =
  | 'text'
  | 'longText'
  | 'url'
  | 'color'
  | 'colorOverride'
  | 'sizePreset'
  | 'cssSize'
  | 'boolean'
  | 'badgeVariant'
  | 'linkList'
  | 'events'
  | 'team'
  | 'mediaSections'
  | 'merchItems'
  | 'contactSocials'
  | 'contactCards'
  | 'timeHHMM'
  | 'timezone'
  | 'ianaTimezone'
  | 'sessionTimeout'
  | 'optionalSessionTimeout'
  | 'timestamp';

export type SettingsGroup =
  | 'branding'
  | 'theme'
  | 'pageTheme'
  | 'footer'
  | 'quickLinks'
  | 'maintenance'
  | 'session'
  | 'home'
  | 'events'
  | 'about'
  | 'media'
  | 'merch'
  | 'contact'
  | 'meta';

export interface FieldSpec {
  kind: FieldKind;
  group: SettingsGroup;
  /** Read-only fields are ignored on input, never refused. */
  readOnly?: true;
  /** Lists: extra entries are truncated (SPEC §5). */
  maxItems?: number;
}

const f = (kind: FieldKind, group: SettingsGroup, extra: Omit<FieldSpec, 'kind' | 'group'> = {}): FieldSpec => ({ kind, group, ...extra });

const pageThemeFields = Object.fromEntries(
  THEMED_PAGES.flatMap((page) => THEME_COLOR_KEYS.map((key) => [`${page}_${key}`, f('colorOverride', 'pageTheme')])),
) as Record<PageThemeField, FieldSpec>;

/** Every field of the record with its kind; `satisfies` makes a missing or extra field a compile error. */
export const SETTINGS_FIELDS = {
  site_title: f('text', 'branding'),
  site_timezone: f('ianaTimezone', 'branding'),
  site_description: f('longText', 'branding'),
  site_keywords: f('text', 'branding'),
  logo_url: f('url', 'branding'),
  favicon_url: f('url', 'branding'),
  footer_text: f('text', 'footer'),
  footer_links: f('linkList', 'footer', { maxItems: MAX_FOOTER_LINKS }),
  admin_quick_links: f('linkList', 'quickLinks', { maxItems: MAX_ADMIN_QUICK_LINKS }),
  theme_use_global: f('boolean', 'theme'),
  theme_accent: f('color', 'theme'),
  theme_bg: f('color', 'theme'),
  header_bg: f('color', 'theme'),
  footer_bg: f('color', 'theme'),
  header_text_color: f('color', 'theme'),
  ...pageThemeFields,
  maintenance_enabled: f('boolean', 'maintenance'),
  maintenance_schedule_enabled: f('boolean', 'maintenance'),
  maintenance_timezone: f('timezone', 'maintenance'),
  maintenance_daily_start: f('timeHHMM', 'maintenance'),
  maintenance_daily_end: f('timeHHMM', 'maintenance'),
  maintenance_message: f('text', 'maintenance'),
  session_timeout_minutes: f('sessionTimeout', 'session'),
  admin_timeout_minutes: f('optionalSessionTimeout', 'session'),
  hero_title: f('text', 'home'),
  hero_subtext: f('longText', 'home'),
  hero_image_url: f('url', 'home'),
  featured_video_url: f('url', 'home'),
  who_title: f('text', 'home'),
  who_body: f('longText', 'home'),
  who_cta_label: f('text', 'home'),
  who_cta_url: f('url', 'home'),
  who_image_url: f('url', 'home'),
  who_label: f('text', 'home'),
  who_show_label: f('boolean', 'home'),
  hero_title_size: f('sizePreset', 'home'),
  hero_subtext_size: f('sizePreset', 'home'),
  hero_badge_size: f('sizePreset', 'home'),
  who_label_size: f('sizePreset', 'home'),
  who_title_size: f('sizePreset', 'home'),
  who_body_size: f('sizePreset', 'home'),
  hero_title_font_size: f('cssSize', 'home'),
  hero_subtext_font_size: f('cssSize', 'home'),
  hero_badge_font_size: f('cssSize', 'home'),
  hero_badge_enabled: f('boolean', 'home'),
  hero_badge_label: f('text', 'home'),
  hero_badge_variant: f('badgeVariant', 'home'),
  hero_badge_use_theme_color: f('boolean', 'home'),
  hero_badge_color: f('color', 'home'),
  hero_badge_text_color: f('color', 'home'),
  events_title: f('text', 'events'),
  events_intro: f('longText', 'events'),
  events_upcoming: f('events', 'events'),
  events_past: f('events', 'events'),
  about_title: f('text', 'about'),
  about_body: f('longText', 'about'),
  about_mission_title: f('text', 'about'),
  about_mission_body: f('longText', 'about'),
  about_team_intro: f('longText', 'about'),
  about_team: f('team', 'about'),
  media_title: f('text', 'media'),
  media_intro: f('longText', 'media'),
  media_sections: f('mediaSections', 'media'),
  merch_title: f('text', 'merch'),
  merch_intro: f('longText', 'merch'),
  merch_items: f('merchItems', 'merch'),
  contact_title: f('text', 'contact'),
  contact_intro: f('longText', 'contact'),
  contactemail: f('text', 'contact'),
  contactphone: f('text', 'contact'),
  contact_socials: f('contactSocials', 'contact'),
  contact_cards: f('contactCards', 'contact'),
  updated_at: f('timestamp', 'meta', { readOnly: true }),
} satisfies Record<SettingsField, FieldSpec>;

export const SETTINGS_FIELD_NAMES = Object.keys(SETTINGS_FIELDS) as SettingsField[];

const FIELD_RANK = new Map<string, number>(SETTINGS_FIELD_NAMES.map((name, i) => [name, i]));

/**
 * Field names in the order the editing screens show them (names this version does not know last,
 * alphabetically): what a person reads in a summary or a history entry, whatever order a stored
 * record happens to hold its keys in.
 */
export function inFieldOrder(fields: readonly string[]): string[] {
  // Most changes name one field (a restore summarises a million of them).
  if (fields.length < 2) return [...fields];
  const rank = (f: string) => FIELD_RANK.get(f) ?? Number.MAX_SAFE_INTEGER;
  return [...fields].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

export function isSettingsField(name: string): name is SettingsField {
  return Object.prototype.hasOwnProperty.call(SETTINGS_FIELDS, name);
}

/** Which defaults apply: the public site's, or the admin editor's (SPEC §3 and §9 give two sets). */
export type SettingsReading = 'public' | 'editor';

export const DEFAULT_ACCENT = '#FFD700';
export const DEFAULT_HEADER_BG = '#000000';
export const DEFAULT_FOOTER_BG = '#000000';
export const DEFAULT_PUBLIC_BG = '#050505';
export const DEFAULT_EDITOR_BG = '#111111';
export const DEFAULT_BADGE_COLOR = '#FFD700';
export const DEFAULT_BADGE_TEXT_COLOR = '#111111';
export const DEFAULT_PUBLIC_BADGE_LABEL = 'Live Comedy';
export const DEFAULT_MAINTENANCE_MESSAGE = 'We’ll be right back…';
export const DEFAULT_MAINTENANCE_TIMEZONE = 'America/Chicago';

/** The footer's copyright line; the year is a parameter because domain/ reads no clock. */
export function copyrightLine(year?: number): string {
  return year === undefined ? `© ${BRAND_NAME}. All rights reserved.` : `© ${year} ${BRAND_NAME}. All rights reserved.`;
}

/** Defaults that depend on nothing else. `header_text_color` and the editor's badge label are derived (see `settingsDefaults`). */
const BASE_DEFAULTS: Omit<SettingsRecord, 'theme_bg' | 'hero_badge_enabled' | 'hero_badge_label' | 'header_text_color'> = {
  site_title: BRAND_NAME,
  site_timezone: DEFAULT_MAINTENANCE_TIMEZONE,
  site_description: 'Punchline is a comedy production collective staging live stand-up, sketch and improv.',
  site_keywords: 'comedy, stand-up, sketch, improv, live shows',
  logo_url: '',
  favicon_url: '',
  footer_text: copyrightLine(),
  footer_links: [],
  admin_quick_links: [],
  theme_use_global: true,
  theme_accent: DEFAULT_ACCENT,
  header_bg: DEFAULT_HEADER_BG,
  footer_bg: DEFAULT_FOOTER_BG,
  ...(Object.fromEntries(THEMED_PAGES.flatMap((p) => THEME_COLOR_KEYS.map((k) => [`${p}_${k}`, '']))) as PageThemeSettings),
  maintenance_enabled: false,
  maintenance_schedule_enabled: false,
  maintenance_timezone: DEFAULT_MAINTENANCE_TIMEZONE,
  maintenance_daily_start: '',
  maintenance_daily_end: '',
  maintenance_message: DEFAULT_MAINTENANCE_MESSAGE,
  session_timeout_minutes: DEFAULT_SESSION_TIMEOUT_MINUTES,
  admin_timeout_minutes: null,
  hero_title: 'Live comedy from Punchline',
  hero_subtext: 'Stand-up, sketch and improv nights from a comedy production collective.',
  hero_image_url: '',
  featured_video_url: '',
  who_title: 'A collective built on laughs',
  who_body: 'We are comedians, writers and producers putting on the shows we would want to see.',
  who_cta_label: 'Meet the Team',
  who_cta_url: '/about',
  who_image_url: '',
  who_label: 'Who We Are',
  who_show_label: true,
  hero_title_size: 'medium',
  hero_subtext_size: 'medium',
  hero_badge_size: 'medium',
  who_label_size: 'medium',
  who_title_size: 'medium',
  who_body_size: 'medium',
  hero_title_font_size: '',
  hero_subtext_font_size: '',
  hero_badge_font_size: '',
  hero_badge_variant: 'soft',
  hero_badge_use_theme_color: true,
  hero_badge_color: DEFAULT_BADGE_COLOR,
  hero_badge_text_color: DEFAULT_BADGE_TEXT_COLOR,
  events_title: 'Events',
  events_intro: 'Catch us live: what is coming up and where we have been.',
  events_upcoming: [],
  events_past: [],
  about_title: 'About Us',
  about_body: 'Punchline is a comedy production collective.',
  about_mission_title: 'Our Mission',
  about_mission_body: 'To make live comedy that is sharp, generous and worth leaving the house for.',
  about_team_intro: 'The people behind the shows.',
  about_team: [],
  media_title: 'Media',
  media_intro: 'Clips, photos and highlights from our shows.',
  media_sections: [],
  merch_title: 'Merch',
  merch_intro: 'Take the joke home.',
  merch_items: [],
  contact_title: 'Contact',
  contact_intro: 'Bookings, press or just a hello: we would love to hear from you.',
  contactemail: '',
  contactphone: '',
  contact_socials: {},
  contact_cards: [],
  updated_at: null,
};

/**
 * A fresh record of defaults for a reading. Lists and maps are new objects on every call, so
 * callers may mutate the result.
 */
export function settingsDefaults(reading: SettingsReading): SettingsRecord {
  const base = structuredCloneJson(BASE_DEFAULTS);
  return {
    ...base,
    theme_bg: reading === 'public' ? DEFAULT_PUBLIC_BG : DEFAULT_EDITOR_BG,
    header_text_color: contrastingTextColor(DEFAULT_HEADER_BG),
    hero_badge_enabled: reading === 'editor',
    hero_badge_label: reading === 'public' ? DEFAULT_PUBLIC_BADGE_LABEL : base.site_title,
  };
}

function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Fields only the admin area reads (SPEC §2: the sidebar's quick links); DESIGN §14 keeps them off the public site. */
export const ADMIN_ONLY_SETTINGS_FIELDS = ['admin_quick_links'] as const satisfies readonly SettingsField[];

/**
 * The record as visitors receive it (page hydration data and the public live answer): the same
 * flat shape, with the admin-only fields at their public defaults, so nothing the admins keep
 * for themselves is published and no client needs a second shape.
 */
export function visitorSettings(record: SettingsRecord): SettingsRecord {
  const defaults = settingsDefaults('public');
  const visible = { ...record };
  for (const field of ADMIN_ONLY_SETTINGS_FIELDS) (visible as Record<SettingsField, unknown>)[field] = defaults[field];
  return visible;
}
