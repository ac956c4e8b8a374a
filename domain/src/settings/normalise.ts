/**
 * One normaliser per field kind, used in two modes:
 * - a reading ('public' | 'editor'): total, never throws, blank or invalid values take the
 *   reading's default. This is what pages and the editor render (`normaliseSettings`).
 * - stored: what the server keeps from a save (`validateSettingsUpdate`). Values are normalised
 *   the same way but blanks stay blank (defaults remain a matter of reading, so the editor's
 *   "badge label defaults to the site title" keeps following the title), and anything that cannot
 *   be read safely is reported as a field error instead of being replaced.
 */
import { normaliseCssSize } from './css-size';
import { checkHexColor, contrastingTextColor, normaliseHexColor, parseHexColor } from './hex-color';
import type { IssueReporter } from './link';
import { LINK_LABEL_MAX_LENGTH, LINK_MAX_LENGTH, checkLink, normaliseContactSocials, normaliseLinkList, normaliseSocialLinks } from './link';
import { isKnownTimeZone, isTimezoneName, normaliseTimeOfDay, parseTimeOfDay, TIME_OF_DAY_MESSAGE } from './maintenance';
import { pinArchiveLast } from './media-sections';
import { isRecord } from './object-guard';
import type {
  BadgeVariant,
  ContactCard,
  EventItem,
  FieldSpec,
  MediaItem,
  MediaSection,
  MerchItem,
  SessionTimeoutMinutes,
  ShowAvailability,
  SettingsField,
  SettingsReading,
  SettingsRecord,
  SizePreset,
  StoredSettings,
  TeamMember,
  WritableSettingsField,
} from './settings-record';
import {
  DEFAULT_SESSION_TIMEOUT_MINUTES,
  isSettingsField,
  MAX_SOCIAL_LINKS,
  MEDIA_ITEM_TYPES,
  SESSION_TIMEOUT_OPTIONS,
  SETTINGS_FIELD_NAMES,
  SETTINGS_FIELDS,
  settingsDefaults,
  SHOW_AVAILABILITIES,
  SHOW_OPTIONAL_FIELDS,
  SIZE_PRESETS,
} from './settings-record';

/** Size limits the server enforces so one save cannot flood the event log; generous for real content. */
export const SETTINGS_LIMITS = {
  textLength: LINK_LABEL_MAX_LENGTH,
  longTextLength: 20_000,
  urlLength: LINK_MAX_LENGTH,
  listItems: 200,
  mediaItemsPerSection: 500,
} as const;

export const SESSION_TIMEOUT_MESSAGE = `Session timeout must be one of ${SESSION_TIMEOUT_OPTIONS.slice(0, -1).join(', ')} or ${SESSION_TIMEOUT_OPTIONS.at(-1)} minutes.`;
export const TIMEZONE_MESSAGE = 'Enter a time zone name such as America/Chicago.';
export const SITE_TIMEZONE_MESSAGE = 'Choose a time zone from the list, such as America/Chicago or Europe/Berlin.';
export const NOT_AN_OBJECT_MESSAGE = 'Settings must be a JSON object.';

export interface SettingsFieldError {
  /** Field name, with a path into lists where it helps ('footer_links[2].url'); '' for the whole body. */
  field: string;
  message: string;
}

type Mode = { kind: 'reading'; reading: SettingsReading; defaults: SettingsRecord } | { kind: 'stored'; report: IssueReporter };

/** Sentinel for "leave this field out": a stored-mode value that failed and was reported. */
const SKIP = Symbol('skip');

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

function parseSessionTimeout(raw: unknown): SessionTimeoutMinutes | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : NaN;
  return (SESSION_TIMEOUT_OPTIONS as readonly number[]).includes(n) ? (n as SessionTimeoutMinutes) : null;
}

function parseBoolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

export function normaliseSizePreset(raw: unknown): SizePreset {
  const v = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return (SIZE_PRESETS as readonly string[]).includes(v) ? (v as SizePreset) : 'medium';
}

export function normaliseBadgeVariant(raw: unknown): BadgeVariant {
  return typeof raw === 'string' && raw.trim().toLowerCase() === 'bold' ? 'bold' : 'soft';
}

/** Editor fallback: anything but an offered value becomes 30. */
export function normaliseSessionTimeout(raw: unknown): SessionTimeoutMinutes {
  return parseSessionTimeout(raw) ?? DEFAULT_SESSION_TIMEOUT_MINUTES;
}

class ItemReader {
  constructor(
    private readonly mode: Mode,
    readonly path: string,
  ) {}

  text(raw: unknown, at: string, max: number = SETTINGS_LIMITS.textLength): string {
    const v = text(raw);
    if (this.mode.kind === 'stored' && v.length > max) this.mode.report(`${this.path}${at}`, `Too long: at most ${max} characters.`);
    return v;
  }

  link(raw: unknown, at: string): string {
    const check = checkLink(raw);
    if (this.mode.kind === 'stored') {
      if (!check.ok) this.mode.report(`${this.path}${at}`, check.message);
      else if (check.value.length > SETTINGS_LIMITS.urlLength) this.mode.report(`${this.path}${at}`, `Too long: at most ${SETTINGS_LIMITS.urlLength} characters.`);
    }
    return check.value;
  }

  get report(): IssueReporter | undefined {
    return this.mode.kind === 'stored' ? this.mode.report : undefined;
  }
}

const isBlank = (item: object) => Object.values(item).every((v) => v === '' || (Array.isArray(v) && v.length === 0));

/** Reads a list field; the public reading drops entries that are entirely blank (rows just added in the editor). */
function readList<T extends object>(raw: unknown, field: string, mode: Mode, max: number, readItem: (item: Record<string, unknown>, r: ItemReader) => T): T[] {
  if (!Array.isArray(raw)) return [];
  if (mode.kind === 'stored' && raw.length > max) mode.report(field, `Too many entries: at most ${max}.`);
  const out: T[] = [];
  raw.forEach((item, index) => {
    if (!isRecord(item) || Array.isArray(item)) return;
    const value = readItem(item, new ItemReader(mode, `${field}[${index}]`));
    if (mode.kind === 'reading' && mode.reading === 'public' && isBlank(value)) return;
    out.push(value);
  });
  return out;
}

export const SHOW_PRICE_MESSAGE = 'Enter the price as a number such as 15 or 12.50 (0 for a free show).';
export const SHOW_CURRENCY_MESSAGE = 'Enter a three-letter currency code such as USD or EUR.';
export const SHOW_AVAILABILITY_MESSAGE = 'Expected on_sale, sold_out or cancelled.';
const PRICE = /^\d{1,7}(?:\.\d{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;
/** For the editor's instant feedback: the rules a save is judged by. */
export const isShowPrice = (value: string): boolean => PRICE.test(value.trim());
export const isCurrencyCode = (value: string): boolean => CURRENCY.test(value.trim().toUpperCase());

/**
 * A show (issue 31 added the optional fields): the four SPEC fields always; an optional field only
 * when it is filled in, so records saved before those fields existed read unchanged, and a cleared
 * field leaves the record rather than staying as ''. Readings drop a malformed price, currency or
 * availability; a save is refused with the item's path.
 */
const readEvent = (item: Record<string, unknown>, r: ItemReader): EventItem => {
  const event: EventItem = {
    title: r.text(item.title, '.title'),
    date: r.text(item.date, '.date'),
    venue: r.text(item.venue, '.venue'),
    link: r.link(item.link, '.link'),
  };
  const has = (key: string) => item[key] !== undefined && item[key] !== null && item[key] !== '';
  const checked = (key: string, value: string, ok: boolean, message: string): string => {
    if (value === '' || ok) return value;
    r.report?.(`${r.path}.${key}`, message);
    return '';
  };
  if (has('address')) event.address = r.text(item.address, '.address');
  if (has('description')) event.description = r.text(item.description, '.description', SETTINGS_LIMITS.longTextLength);
  if (has('price')) {
    const price = r.text(item.price, '.price');
    event.price = checked('price', price, PRICE.test(price), SHOW_PRICE_MESSAGE);
  }
  if (has('currency')) {
    const currency = r.text(item.currency, '.currency').toUpperCase();
    event.currency = checked('currency', currency, CURRENCY.test(currency), SHOW_CURRENCY_MESSAGE);
  }
  if (has('availability')) {
    const availability = r.text(item.availability, '.availability').toLowerCase();
    const ok = (SHOW_AVAILABILITIES as readonly string[]).includes(availability);
    event.availability = checked('availability', availability, ok, SHOW_AVAILABILITY_MESSAGE) as ShowAvailability;
  }
  if (has('performers')) event.performers = r.text(item.performers, '.performers');
  if (has('image_url')) event.image_url = r.link(item.image_url, '.image_url');
  for (const key of SHOW_OPTIONAL_FIELDS) if (event[key] === '') delete event[key];
  return event;
};

const readMerchItem = (item: Record<string, unknown>, r: ItemReader): MerchItem => ({
  title: r.text(item.title, '.title'),
  price: r.text(item.price, '.price'),
  description: r.text(item.description, '.description', SETTINGS_LIMITS.longTextLength),
  image_url: r.link(item.image_url, '.image_url'),
  buy_url: r.link(item.buy_url, '.buy_url'),
});

const readContactCard = (item: Record<string, unknown>, r: ItemReader): ContactCard => ({
  title: r.text(item.title, '.title'),
  description: r.text(item.description, '.description', SETTINGS_LIMITS.longTextLength),
  link_label: r.text(item.link_label, '.link_label'),
  link_url: r.link(item.link_url, '.link_url'),
});

const readTeamMember = (item: Record<string, unknown>, r: ItemReader): TeamMember => ({
  name: r.text(item.name, '.name'),
  title: r.text(item.title, '.title'),
  bio: r.text(item.bio, '.bio', SETTINGS_LIMITS.longTextLength),
  photo_url: r.link(item.photo_url, '.photo_url'),
  socials: normaliseSocialLinks(item.socials, MAX_SOCIAL_LINKS, r.report, `${r.path}.socials`),
});

function readMediaSections(raw: unknown, field: string, mode: Mode): MediaSection[] {
  const sections = readList(raw, field, mode, SETTINGS_LIMITS.listItems, (section, r) => {
    const items = readList(section.items, `${r.path}.items`, mode, SETTINGS_LIMITS.mediaItemsPerSection, (item, ir): MediaItem => {
      const type = typeof item.type === 'string' ? item.type.trim().toLowerCase() : '';
      return {
        type: (MEDIA_ITEM_TYPES as readonly string[]).includes(type) ? (type as MediaItem['type']) : 'image',
        title: ir.text(item.title, '.title'),
        url: ir.link(item.url, '.url'),
      };
    });
    return { title: r.text(section.title, '.title'), items };
  });
  // A blank media item still carries a type, so blank-dropping happens on title and url only.
  const cleaned =
    mode.kind === 'reading' && mode.reading === 'public'
      ? sections.map((s) => ({ ...s, items: s.items.filter((i) => i.title !== '' || i.url !== '') }))
      : sections;
  return pinArchiveLast(cleaned);
}

const typeMessage = (spec: FieldSpec): string => {
  switch (spec.kind) {
    case 'text':
    case 'longText':
    case 'cssSize':
      return 'Expected text.';
    case 'url':
      return 'Expected a link (text).';
    case 'color':
    case 'colorOverride':
      return 'Enter a 3- or 6-digit hex value such as #FFAA00.';
    case 'sizePreset':
      return 'Expected small, medium or large.';
    case 'badgeVariant':
      return 'Expected soft or bold.';
    case 'boolean':
      return 'Expected true or false.';
    case 'linkList':
    case 'events':
    case 'team':
    case 'mediaSections':
    case 'merchItems':
    case 'contactCards':
      return 'Expected a list.';
    case 'contactSocials':
      return 'Expected an object with instagram, twitter, youtube, tiktok or facebook links.';
    case 'timeHHMM':
      return TIME_OF_DAY_MESSAGE;
    case 'timezone':
      return TIMEZONE_MESSAGE;
    case 'ianaTimezone':
      return SITE_TIMEZONE_MESSAGE;
    case 'sessionTimeout':
    case 'optionalSessionTimeout':
      return SESSION_TIMEOUT_MESSAGE;
    case 'timestamp':
      return 'Expected a timestamp.';
    default: {
      const _exhaustive: never = spec.kind;
      return _exhaustive;
    }
  }
};

/** Normalises one field's raw value. Returns SKIP only in stored mode, after reporting why. */
function readField(field: SettingsField, raw: unknown, mode: Mode): unknown {
  const spec: FieldSpec = SETTINGS_FIELDS[field];
  const stored = mode.kind === 'stored';
  const fallback = mode.kind === 'reading' ? mode.defaults[field] : undefined;
  const fail = (message = typeMessage(spec)): typeof SKIP => {
    if (mode.kind === 'stored') mode.report(field, message);
    return SKIP;
  };
  const orDefault = (value: unknown, blank: unknown) => (stored ? value : value === blank ? fallback : value);
  const isString = typeof raw === 'string';
  const isNil = raw === null || raw === undefined;

  switch (spec.kind) {
    case 'text':
    case 'longText': {
      if (stored && !isString && !isNil) return fail();
      const v = text(raw);
      const max = spec.kind === 'text' ? SETTINGS_LIMITS.textLength : SETTINGS_LIMITS.longTextLength;
      if (stored && v.length > max) return fail(`Too long: at most ${max} characters.`);
      return orDefault(v, '');
    }
    case 'url': {
      if (stored && !isString && !isNil) return fail();
      const check = checkLink(raw);
      if (stored && !check.ok) return fail(check.message);
      if (stored && check.value.length > SETTINGS_LIMITS.urlLength) return fail(`Too long: at most ${SETTINGS_LIMITS.urlLength} characters.`);
      return orDefault(check.value, '');
    }
    case 'color':
    case 'colorOverride': {
      if (stored) {
        const check = checkHexColor(raw);
        return check.ok ? check.value : fail(check.message);
      }
      return spec.kind === 'color' ? normaliseHexColor(raw, fallback as string) : (parseHexColor(raw) ?? '');
    }
    case 'sizePreset':
      if (stored && !isString && !isNil) return fail();
      return normaliseSizePreset(raw);
    case 'badgeVariant':
      if (stored && !isString && !isNil) return fail();
      return normaliseBadgeVariant(raw);
    case 'cssSize':
      if (stored && !isString && !isNil) return fail();
      return normaliseCssSize(raw);
    case 'boolean': {
      const v = stored ? (typeof raw === 'boolean' ? raw : null) : parseBoolean(raw);
      if (v === null) return stored ? fail() : fallback;
      return v;
    }
    case 'timeHHMM': {
      if (isNil || (isString && raw.trim() === '')) return '';
      if (stored && parseTimeOfDay(raw) === null) return fail();
      return normaliseTimeOfDay(raw);
    }
    case 'timezone': {
      const v = isString ? raw.trim() : '';
      if (stored && !isNil && !isString) return fail();
      if (v === '') return orDefault('', '');
      if (!isTimezoneName(v)) return stored ? fail() : fallback;
      return v;
    }
    case 'ianaTimezone': {
      // Blank is kept blank when stored (it reads as the maintenance zone: normaliseSettings).
      const v = isString ? raw.trim() : '';
      if (stored && !isNil && !isString) return fail();
      if (v === '') return orDefault('', '');
      if (!isKnownTimeZone(v)) return stored ? fail() : fallback;
      return v;
    }
    case 'sessionTimeout': {
      const v = parseSessionTimeout(raw);
      if (v === null) return stored ? fail() : fallback;
      return v;
    }
    case 'optionalSessionTimeout': {
      if (isNil || (isString && raw.trim() === '')) return null;
      const v = parseSessionTimeout(raw);
      if (v === null) return stored ? fail() : null;
      return v;
    }
    case 'timestamp':
      return isString ? raw : null;
    case 'linkList':
      if (stored && !isNil && !Array.isArray(raw)) return fail();
      return normaliseLinkList(raw, { max: spec.maxItems ?? MAX_SOCIAL_LINKS, bareToHttps: true }, stored ? mode.report : undefined, field);
    case 'events':
      if (stored && !isNil && !Array.isArray(raw)) return fail();
      return readList(raw, field, mode, SETTINGS_LIMITS.listItems, readEvent);
    case 'team':
      if (stored && !isNil && !Array.isArray(raw)) return fail();
      return readList(raw, field, mode, SETTINGS_LIMITS.listItems, readTeamMember);
    case 'mediaSections':
      if (stored && !isNil && !Array.isArray(raw)) return fail();
      return readMediaSections(raw, field, mode);
    case 'merchItems':
      if (stored && !isNil && !Array.isArray(raw)) return fail();
      return readList(raw, field, mode, SETTINGS_LIMITS.listItems, readMerchItem);
    case 'contactCards':
      if (stored && !isNil && !Array.isArray(raw)) return fail();
      return readList(raw, field, mode, SETTINGS_LIMITS.listItems, readContactCard);
    case 'contactSocials':
      if (stored && !isNil && (!isRecord(raw) || Array.isArray(raw))) return fail();
      return normaliseContactSocials(raw, stored ? mode.report : undefined, field);
    default: {
      const _exhaustive: never = spec.kind;
      return _exhaustive;
    }
  }
}

/**
 * The record to render, for the public site or the editor: total, never throws; unknown fields are
 * dropped, every field is present, blank or invalid values take the reading's defaults.
 * Derived defaults: header_text_color contrasts with header_bg; the editor's badge label is the site title.
 */
export function normaliseSettings(input: unknown, reading: SettingsReading): SettingsRecord {
  const defaults = settingsDefaults(reading);
  const source = isRecord(input) && !Array.isArray(input) ? input : {};
  const mode: Mode = { kind: 'reading', reading, defaults };
  const out = {} as Record<SettingsField, unknown>;
  for (const field of SETTINGS_FIELD_NAMES) {
    out[field] = readField(field, source[field], mode);
  }
  const record = out as unknown as SettingsRecord;
  if (parseHexColor(source.header_text_color) === null) record.header_text_color = contrastingTextColor(record.header_bg);
  if (reading === 'editor' && text(source.hero_badge_label) === '') record.hero_badge_label = record.site_title;
  // Issue 31: shows are read in the maintenance zone until a site zone is chosen.
  if (typeof source.site_timezone !== 'string' || !isKnownTimeZone(source.site_timezone.trim())) record.site_timezone = record.maintenance_timezone;
  return record;
}

export type SettingsValidation =
  | {
      ok: true;
      /** The fields given, normalised for storage (blank stays blank). */
      value: StoredSettings;
      /** Read-only fields that were present and ignored (`updated_at`). */
      ignored: SettingsField[];
    }
  | { ok: false; errors: SettingsFieldError[] };

/**
 * The server's check of a save (`PUT /api/settings?stage=draft`, the whole or part of the record).
 * Refuses: a body that is not an object, unknown fields (each named), wrong types, refused links
 * (javascript:, data:, other schemes), malformed colours, times and zones, session timeouts other
 * than the offered values, oversized text or lists. Ignores read-only `updated_at`. Otherwise
 * returns only the fields given, normalised as the readings would, but without filling defaults.
 */
export function validateSettingsUpdate(input: unknown): SettingsValidation {
  if (!isRecord(input) || Array.isArray(input)) return { ok: false, errors: [{ field: '', message: NOT_AN_OBJECT_MESSAGE }] };
  const errors: SettingsFieldError[] = [];
  const ignored: SettingsField[] = [];
  const value: Record<string, unknown> = {};
  const mode: Mode = { kind: 'stored', report: (field, message) => errors.push({ field, message }) };
  for (const key of Object.keys(input)) {
    if (!isSettingsField(key)) {
      errors.push({ field: key, message: `Unknown setting "${key}".` });
      continue;
    }
    if (SETTINGS_FIELDS[key].readOnly) {
      ignored.push(key);
      continue;
    }
    const v = readField(key, input[key], mode);
    if (v !== SKIP) value[key] = v;
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: value as StoredSettings, ignored };
}

/** Messages for one field as the server would judge it, for instant feedback in the editor ([] when fine). */
export function validateSettingsField(field: WritableSettingsField, value: unknown): SettingsFieldError[] {
  const result = validateSettingsUpdate({ [field]: value });
  return result.ok ? [] : result.errors;
}

/** One field read as a page or the editor would (static defaults; derived defaults need the whole record). */
export function normaliseSettingsField<K extends SettingsField>(field: K, value: unknown, reading: SettingsReading): SettingsRecord[K] {
  return readField(field, value, { kind: 'reading', reading, defaults: settingsDefaults(reading) }) as SettingsRecord[K];
}

/** A summary line for a failed validation, naming unknown fields together ('Unknown settings: a, b.'). */
export function describeSettingsErrors(errors: SettingsFieldError[]): string {
  const unknown = errors.filter((e) => e.message.startsWith('Unknown setting')).map((e) => e.field);
  const others = errors.filter((e) => !e.message.startsWith('Unknown setting')).map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));
  const parts = [...(unknown.length > 0 ? [`Unknown setting${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`] : []), ...others];
  return parts.join(' ');
}
