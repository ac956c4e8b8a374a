/**
 * Every place a settings version holds a link, for the Media Manager: deleting a file is blocked
 * while a draft or live field uses it (SPEC §5), and renaming rewrites the references (SPEC §7).
 */
import type { SettingsChanges } from './settings-diff';
import { diffSettings } from './settings-diff';
import type { FieldKind, SettingsRecord, StoredSettings, WritableSettingsField } from './settings-record';
import { SETTINGS_FIELD_NAMES, SETTINGS_FIELDS } from './settings-record';

export interface LinkReference {
  field: WritableSettingsField;
  /** Where inside the field: 'media_sections[0].items[2].url'; equals `field` for plain url fields. */
  path: string;
  url: string;
}

type Visit = (url: string, path: string) => string;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Calls `visit` on every link of a value of the given kind and returns the value with the links it returned. */
function mapLinks(kind: FieldKind, value: unknown, path: string, visit: Visit): unknown {
  const strAt = (v: unknown, at: string) => (typeof v === 'string' && v !== '' ? visit(v, at) : v);
  const listOf = (fn: (item: Record<string, unknown>, at: string) => Record<string, unknown>) =>
    Array.isArray(value) ? value.map((item, i) => (isObj(item) ? fn(item, `${path}[${i}]`) : item)) : value;
  const linkItems = (list: unknown, at: string) =>
    Array.isArray(list) ? list.map((l, i) => (isObj(l) ? { ...l, url: strAt(l.url, `${at}[${i}].url`) } : l)) : list;
  switch (kind) {
    case 'url':
      return strAt(value, path);
    case 'linkList':
      return linkItems(value, path);
    case 'events':
      // A show's image (issue 31) is absent from older records: an absent key stays absent.
      return listOf((e, at) => ({ ...e, link: strAt(e.link, `${at}.link`), ...(e.image_url === undefined ? {} : { image_url: strAt(e.image_url, `${at}.image_url`) }) }));
    case 'team':
      return listOf((m, at) => ({ ...m, photo_url: strAt(m.photo_url, `${at}.photo_url`), socials: linkItems(m.socials, `${at}.socials`) }));
    case 'mediaSections':
      return listOf((s, at) => ({
        ...s,
        items: Array.isArray(s.items) ? s.items.map((it, j) => (isObj(it) ? { ...it, url: strAt(it.url, `${at}.items[${j}].url`) } : it)) : s.items,
      }));
    case 'merchItems':
      return listOf((m, at) => ({ ...m, image_url: strAt(m.image_url, `${at}.image_url`), buy_url: strAt(m.buy_url, `${at}.buy_url`) }));
    case 'contactCards':
      return listOf((c, at) => ({ ...c, link_url: strAt(c.link_url, `${at}.link_url`) }));
    case 'contactSocials':
      return isObj(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strAt(v, `${path}.${k}`)])) : value;
    case 'text':
    case 'longText':
    case 'color':
    case 'colorOverride':
    case 'sizePreset':
    case 'cssSize':
    case 'boolean':
    case 'badgeVariant':
    case 'timeHHMM':
    case 'timezone':
    case 'ianaTimezone':
    case 'sessionTimeout':
    case 'optionalSessionTimeout':
    case 'timestamp':
      return value;
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
}

function writableFields(): WritableSettingsField[] {
  return SETTINGS_FIELD_NAMES.filter((f): f is WritableSettingsField => !SETTINGS_FIELDS[f].readOnly);
}

/** Every non-empty link in the version, in field order. */
export function listLinkReferences(settings: Partial<SettingsRecord>): LinkReference[] {
  const refs: LinkReference[] = [];
  for (const field of writableFields()) {
    if (settings[field] === undefined) continue;
    mapLinks(SETTINGS_FIELDS[field].kind, settings[field], field, (url, path) => {
      refs.push({ field, path, url });
      return url;
    });
  }
  return refs;
}

/** The links for which `matches` holds (the caller knows every URL form a stored file can take). */
export function findLinkReferences(settings: Partial<SettingsRecord>, matches: (url: string) => boolean): LinkReference[] {
  return listLinkReferences(settings).filter((ref) => matches(ref.url));
}

export interface LinkReplacement {
  from: string;
  to: string;
}

export interface RewrittenLinks {
  settings: StoredSettings;
  changes: SettingsChanges;
  /** Fields that changed, in field order. */
  fields: WritableSettingsField[];
  /** How many links were replaced. */
  count: number;
}

/** Replaces links equal to a `from` (whole value, exact match) with its `to`. */
export function rewriteLinkReferences(settings: StoredSettings, replacements: readonly LinkReplacement[]): RewrittenLinks {
  const table = new Map(replacements.filter((r) => r.from !== '' && r.from !== r.to).map((r) => [r.from, r.to]));
  let count = 0;
  const next: Record<string, unknown> = { ...settings };
  for (const field of writableFields()) {
    if (settings[field] === undefined) continue;
    next[field] = mapLinks(SETTINGS_FIELDS[field].kind, settings[field], field, (url) => {
      const to = table.get(url);
      if (to === undefined) return url;
      count += 1;
      return to;
    });
  }
  const rewritten = next as StoredSettings;
  const changes = diffSettings(settings, rewritten);
  return { settings: rewritten, changes, fields: Object.keys(changes) as WritableSettingsField[], count };
}
