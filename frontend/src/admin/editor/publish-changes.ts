/**
 * What a publish would change on the live site (issue 12): the fields whose values differ between
 * live and the chosen content, as short readable rows. Computed on the client so the dialog can
 * show it before anything is sent.
 */
import {
  SETTINGS_FIELD_LABELS,
  SETTINGS_FIELD_NAMES,
  diffSettings,
  mediaPathOf,
  mergeDraftOverLive,
  normaliseSettings,
  type SettingsRecord,
  type StoredSettings,
  type WritableSettingsField,
} from '@punchline/domain';

export { SETTINGS_FIELD_LABELS } from '@punchline/domain';

/** Rows shown before the rest is summed up as '…and N more': the dialog must stay short enough to read. */
export const PUBLISH_CHANGE_ROW_LIMIT = 8;
const VALUE_MAX_LENGTH = 60;

export const NO_PUBLISH_CHANGES_TEXT = 'No changes: live already shows this.';

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > VALUE_MAX_LENGTH ? `${flat.slice(0, VALUE_MAX_LENGTH - 1)}…` : flat;
}

/** A media library file's name ('poster.jpg') for its proxy URL, else null (issue 25: names, not URLs). */
export function libraryFileName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const path = mediaPathOf(value);
  return path ? (path.split('/').pop() ?? path) : null;
}

const IMAGE_FILE = /\.(avif|gif|jpe?g|png|svg|webp)$/i;

/** The URL to show as a thumbnail when `value` is a library image, else null. */
export function libraryImageUrl(value: unknown): string | null {
  const name = libraryFileName(value);
  return name && IMAGE_FILE.test(name) ? (value as string) : null;
}

export function scalarText(value: unknown): string | null {
  if (value === null || value === undefined) return '(not set)';
  const file = libraryFileName(value);
  if (file) return `"${shorten(file)}" (media library)`;
  if (typeof value === 'string') return value.trim() === '' ? '(empty)' : `"${shorten(value)}"`;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  return null;
}

const itemCount = (n: number): string => `${n} ${n === 1 ? 'item' : 'items'}`;

/** One row: scalars as 'old → new'; lists by their length when it moved; anything else just 'changed'. */
export function changeRowText(field: WritableSettingsField, before: unknown, after: unknown): string {
  const label = SETTINGS_FIELD_LABELS[field];
  const from = scalarText(before);
  const to = scalarText(after);
  if (from !== null && to !== null) return `${label}: ${from} → ${to}`;
  if (Array.isArray(before) && Array.isArray(after) && before.length !== after.length) return `${label}: ${itemCount(before.length)} → ${itemCount(after.length)}`;
  return `${label}: changed`;
}

export interface PublishChangeList {
  rows: string[];
  /** Per row: the library image it puts on live, shown as a thumbnail (null: none). */
  images: (string | null)[];
  /** Changed fields beyond the rows shown. */
  more: number;
}

/**
 * Rows for the fields `target` changes on `live`, in the record's field order. Both sides are read
 * as the editor reads them, so a blank that falls back to its default is no change.
 */
export function publishChanges(live: Partial<SettingsRecord>, target: Partial<SettingsRecord>, limit = PUBLISH_CHANGE_ROW_LIMIT): PublishChangeList {
  const before = normaliseSettings(live, 'editor');
  const after = normaliseSettings(target, 'editor');
  const changed = new Set(Object.keys(diffSettings(before, after)));
  const fields = SETTINGS_FIELD_NAMES.filter((name): name is WritableSettingsField => changed.has(name));
  const shown = fields.slice(0, limit);
  return {
    rows: shown.map((field) => changeRowText(field, before[field], after[field])),
    images: shown.map((field) => libraryImageUrl(after[field])),
    more: Math.max(0, fields.length - limit),
  };
}

/** What live becomes when a snapshot is published: its set values over live, as the server merges them (SPEC §4). */
export function liveAfterSnapshot(live: Partial<SettingsRecord>, snapshot: StoredSettings): Partial<SettingsRecord> {
  return mergeDraftOverLive(live, snapshot);
}
