/** Pure rules of the Media Manager screen and the picker (SPEC §2, §4, §9). */
import { IMAGE_EXTENSIONS, MEDIA_TYPES, VIDEO_EXTENSIONS, matchesMediaKind, type MediaKind, type MediaUsage } from '@punchline/domain';
import type { MediaItem, MediaSortKey, SortDirection } from './media-api';
import { STAGE_LABELS } from './media-texts';

/** SPEC §9: search waits 200 ms after the last keystroke. */
export const MEDIA_SEARCH_DEBOUNCE_MS = 200;
/** How long 'Copied' stays on the button. */
export const COPIED_FEEDBACK_MS = 2000;

export interface SortOption {
  id: 'newest' | 'oldest' | 'name-asc' | 'name-desc' | 'size';
  label: string;
  sort: MediaSortKey;
  direction: SortDirection;
}

/** SPEC §9: Newest, Oldest, Name A–Z, Name Z–A, Size (largest first). */
export const SORT_OPTIONS: readonly SortOption[] = [
  { id: 'newest', label: 'Newest', sort: 'updated_at', direction: 'desc' },
  { id: 'oldest', label: 'Oldest', sort: 'updated_at', direction: 'asc' },
  { id: 'name-asc', label: 'Name A–Z', sort: 'name', direction: 'asc' },
  { id: 'name-desc', label: 'Name Z–A', sort: 'name', direction: 'desc' },
  { id: 'size', label: 'Size', sort: 'size', direction: 'desc' },
];

export type UsageFilter = 'all' | 'used' | 'unused';
export const USAGE_FILTERS: readonly { id: UsageFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'used', label: 'Used' },
  { id: 'unused', label: 'Unused' },
];

export function sortOption(id: string): SortOption {
  return SORT_OPTIONS.find((o) => o.id === id) ?? SORT_OPTIONS[0];
}

/** Used/Unused need the usage map; without it (not loaded, or failed) every file shows. */
export function filterByUsage(items: readonly MediaItem[], usage: ReadonlyMap<string, MediaUsage[]> | null, filter: UsageFilter): MediaItem[] {
  if (filter === 'all' || usage === null) return [...items];
  return items.filter((item) => (usage.has(item.path) ? filter === 'used' : filter === 'unused'));
}

/** The picker shows only files of the field's kind (SPEC §5 kind filter). */
export function filterByKind(items: readonly MediaItem[], kind: MediaKind): MediaItem[] {
  return items.filter((item) => matchesMediaKind({ name: item.name, mime_type: item.mime_type }, kind));
}

/** The file chooser's `accept`: extensions and MIME types the server takes, of one kind or both. */
export function uploadAccept(kind?: MediaKind): string {
  const extensions: readonly string[] = kind === 'image' ? IMAGE_EXTENSIONS : kind === 'video' ? VIDEO_EXTENSIONS : [...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS];
  const mimes = [...new Set(extensions.map((e) => MEDIA_TYPES[e].mimeType))];
  return [...extensions.map((e) => `.${e}`), ...mimes].join(',');
}

/** 'Draft: Home › hero_image_url' (SPEC §5: the alert lists each stage and location of use). */
export function usageLines(usage: readonly MediaUsage[]): string[] {
  return usage.map((u) => `${STAGE_LABELS[u.stage] ?? u.stage}: ${u.location}`);
}

/** 'Used in 2 places' for a card. */
export function usageSummary(usage: readonly MediaUsage[] | undefined): string | null {
  if (!usage || usage.length === 0) return null;
  return usage.length === 1 ? 'Used in 1 place' : `Used in ${usage.length} places`;
}

/** 'Apr 1, 2025' in the browser's language. */
export function displayDate(iso: string, locale?: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  return new Date(time).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The absolute address of a file, for pasting anywhere (the site resolves it as its own). */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}
