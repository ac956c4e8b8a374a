/**
 * Comparing and layering settings versions. A change set maps each changed field to its new value;
 * null means "no longer set" (the field falls back to live, then to the reading's default).
 */
import type { SettingsReading, SettingsRecord, StoredSettings, WritableSettingsField } from './settings-record';
import { SETTINGS_FIELDS } from './settings-record';
import { normaliseSettings } from './normalise';

export type SettingsChanges = { [K in WritableSettingsField]?: SettingsRecord[K] | null };

const isWritable = (key: string): key is WritableSettingsField =>
  Object.prototype.hasOwnProperty.call(SETTINGS_FIELDS, key) && !SETTINGS_FIELDS[key as WritableSettingsField].readOnly;

/**
 * The writable fields whose values differ (deep, key-order-insensitive), with their value in
 * `after`; a field set in `before` but absent from `after` appears as null. Read-only and unknown keys are ignored.
 */
export function diffSettings(before: Partial<SettingsRecord>, after: Partial<SettingsRecord>): SettingsChanges {
  const changes: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (!isWritable(key)) continue;
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (!jsonEqual(a, b)) changes[key] = b;
  }
  return changes as SettingsChanges;
}

/**
 * Deep equality of JSON values with key order ignored (undefined members count as absent).
 * Walking both sides is much cheaper than serialising them: a 100 KB record diffs in well under a ms.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((k) => x[k] !== undefined);
  if (keys.length !== Object.keys(y).filter((k) => y[k] !== undefined).length) return false;
  return keys.every((k) => jsonEqual(x[k], y[k]));
}

export function hasSettingsChanges(changes: SettingsChanges): boolean {
  return Object.keys(changes).length > 0;
}

/** Applies a change set: values replace, null removes the field. */
export function applySettingsChanges(settings: StoredSettings, changes: SettingsChanges): StoredSettings {
  const next: Record<string, unknown> = { ...settings };
  for (const [key, value] of Object.entries(changes)) {
    if (!isWritable(key)) continue;
    if (value === null || value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as StoredSettings;
}

/** The draft stage's view (SPEC §4): every draft value that is set (not null or undefined) wins over live. */
export function mergeDraftOverLive<T extends Partial<SettingsRecord>>(live: T, draft: Partial<SettingsRecord>): T {
  const merged: Record<string, unknown> = { ...live };
  for (const [key, value] of Object.entries(draft)) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged as T;
}

/**
 * A stage's stored record from the past, to be laid over today's live as a draft (DESIGN §13's
 * restore from history). A field the past record leaves unset read as its default then; laid over
 * live as it is, it would read as today's live value instead (before the first event, the whole
 * draft became live). So each field live sets today and the past record does not is given the
 * value the past record read as, in that stage's reading.
 */
export function pastRecordOverLive(live: StoredSettings, past: StoredSettings, reading: SettingsReading): StoredSettings {
  const readAs = normaliseSettings(past, reading) as unknown as Record<string, unknown>;
  const filled: Record<string, unknown> = { ...past };
  for (const [key, value] of Object.entries(live)) {
    if (!isWritable(key) || value === null || value === undefined) continue;
    if (filled[key] === null || filled[key] === undefined) filled[key] = readAs[key];
  }
  return mergeDraftOverLive(live, filled as StoredSettings);
}
