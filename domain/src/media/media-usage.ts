/**
 * Where a stored file is used in the settings (SPEC §5 "Media delete", §7 rename): every link of
 * the draft and live versions whose URL, in any of its forms, names the file.
 */
import type { LinkReplacement, SettingsRecord } from '../settings';
import { SETTINGS_FIELDS, findLinkReferences, listLinkReferences } from '../settings';
import type { SettingsGroup } from '../settings/settings-record';
import { SETTINGS_FIELD_LABELS } from '../settings/field-labels';
import { mediaPathOf, mediaProxyUrl, type MediaUrlOptions } from './media-urls';

export type MediaUsageStage = 'draft' | 'live';

export interface MediaUsage {
  stage: MediaUsageStage;
  /** For people, in the screens' words (issue 12): 'Home › Hero image', 'Merch › item 3 (Canvas Tote) › Image'. */
  location: string;
  /** The field of the settings record. */
  field: string;
  /** The exact place inside it. */
  path: string;
  /** The link as stored. */
  url: string;
}

export interface SettingsStages {
  draft: Partial<SettingsRecord>;
  live: Partial<SettingsRecord>;
}

const GROUP_LABELS: Record<SettingsGroup, string> = {
  branding: 'Branding',
  theme: 'Theme',
  pageTheme: 'Page theme',
  footer: 'Footer',
  quickLinks: 'Admin quick links',
  maintenance: 'Maintenance',
  session: 'Sessions',
  home: 'Home',
  events: 'Events',
  about: 'About',
  media: 'Media',
  merch: 'Merch',
  contact: 'Contact',
  meta: 'Settings',
};

/** The last key of a reference, as a person names it. */
const KEY_WORDS: Record<string, string> = { image_url: 'Image', photo_url: 'Photo', url: 'Link', link: 'Link', buy_url: 'Buy link', link_url: 'Link', hero_image_url: 'Hero image' };

/**
 * An item's own name, for 'item 3 (Canvas Tote)'. `name` comes first: a team member's `title` is
 * their role ('Host'), which names the person less well than their name; without a name the role
 * does, and without either the position alone.
 */
function itemName(item: unknown): string {
  if (!item || typeof item !== 'object') return '';
  const record = item as Record<string, unknown>;
  for (const key of ['name', 'title', 'label']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/**
 * 'merch_items[2].image_url' in the stage's record → 'Merch › item 3 (Canvas Tote) › Image':
 * counted from 1, named by the item's own title, the field by its label where it is top-level.
 */
export function referenceLocation(group: SettingsGroup, record: Partial<SettingsRecord>, path: string): string {
  const tokens = path.match(/[a-z_]+|\[\d+\]/gi) ?? [path];
  const [field, ...rest] = tokens;
  const parts = [GROUP_LABELS[group]];
  if (rest.length === 0) return [...parts, (SETTINGS_FIELD_LABELS as Record<string, string>)[field!] ?? field].join(' › ');
  let value: unknown = (record as Record<string, unknown>)[field!];
  for (const token of rest) {
    if (token.startsWith('[')) {
      const index = Number(token.slice(1, -1));
      value = Array.isArray(value) ? value[index] : undefined;
      const name = itemName(value);
      parts.push(`item ${index + 1}${name ? ` (${name})` : ''}`);
    } else {
      const next = value && typeof value === 'object' ? (value as Record<string, unknown>)[token] : undefined;
      if (!Array.isArray(next)) parts.push(KEY_WORDS[token] ?? token.replace(/_/g, ' '));
      value = next;
    }
  }
  return parts.join(' › ');
}

/** Every link of both stages that names a stored file, with the file's path; draft first, then live. */
function mediaReferences(stages: SettingsStages, options: MediaUrlOptions): (MediaUsage & { mediaPath: string })[] {
  const found: (MediaUsage & { mediaPath: string })[] = [];
  for (const stage of ['draft', 'live'] as const) {
    for (const ref of listLinkReferences(stages[stage])) {
      const mediaPath = mediaPathOf(ref.url, options);
      if (mediaPath === null) continue;
      const group = SETTINGS_FIELDS[ref.field].group;
      found.push({ stage, location: referenceLocation(group, stages[stage], ref.path), field: ref.field, path: ref.path, url: ref.url, mediaPath });
    }
  }
  return found;
}

const strip = ({ mediaPath: _mediaPath, ...usage }: MediaUsage & { mediaPath: string }): MediaUsage => usage;

/** The places that use the file at `path`, in the draft and the live version. */
export function findMediaUsage(stages: SettingsStages, path: string, options: MediaUrlOptions = {}): MediaUsage[] {
  return mediaReferences(stages, options)
    .filter((r) => r.mediaPath === path)
    .map(strip);
}

/** Usage of every referenced file, keyed by path (the Media Manager's Used/Unused filter). */
export function mediaUsageByPath(stages: SettingsStages, options: MediaUrlOptions = {}): Map<string, MediaUsage[]> {
  const byPath = new Map<string, MediaUsage[]>();
  for (const ref of mediaReferences(stages, options)) {
    const list = byPath.get(ref.mediaPath) ?? [];
    list.push(strip(ref));
    byPath.set(ref.mediaPath, list);
  }
  return byPath;
}

/**
 * What a rename rewrites: every distinct stored form of a link to `fromPath` (proxy, object store,
 * storage path) becomes the proxy URL of `toPath`. Handed to the site aggregate's
 * RewriteMediaReferences, which replaces whole link values that equal a `from`.
 */
export function mediaRenameReplacements(stages: SettingsStages, fromPath: string, toPath: string, options: MediaUrlOptions = {}): LinkReplacement[] {
  const to = mediaProxyUrl(toPath);
  const froms = new Set<string>([mediaProxyUrl(fromPath)]);
  for (const usage of findMediaUsage(stages, fromPath, options)) froms.add(usage.url);
  return [...froms].filter((from) => from !== to).map((from) => ({ from, to }));
}

/** A link to a file that has since been renamed, and what it becomes. */
export interface RenamedMediaReplacement extends LinkReplacement {
  fromPath: string;
  toPath: string;
}

/**
 * Issue 13 point 5: links in a record about to be saved that still name a file by a former path
 * (another admin renamed it while this editor held the old URL in an unsaved form), each with the
 * proxy URL of where the file is now. `renamed` is the media library's former path → current path.
 */
export function renamedMediaReplacements(settings: Partial<SettingsRecord>, renamed: ReadonlyMap<string, string>, options: MediaUrlOptions = {}): RenamedMediaReplacement[] {
  if (renamed.size === 0) return [];
  const found = new Map<string, RenamedMediaReplacement>();
  for (const ref of findLinkReferences(settings, (url) => renamed.has(mediaPathOf(url, options) ?? ''))) {
    const fromPath = mediaPathOf(ref.url, options)!;
    const toPath = renamed.get(fromPath)!;
    found.set(ref.url, { from: ref.url, to: mediaProxyUrl(toPath), fromPath, toPath });
  }
  return [...found.values()];
}
