/**
 * Unsaved edits kept on this device when the admin loses or gives up the draft lock (issue 12
 * point 4): the changes as a save would send them, so restoring them later is a plain edit.
 * localStorage, per admin, one set at a time (the newest wins): it must survive a reload or a
 * closed tab, and it never leaves the browser.
 */
import { canonicalJson, type SettingsRecord } from '@punchline/domain';
import { recordForSave } from './draft-editor';

const KEY = 'punchline.kept-edits';

export interface KeptEdits {
  email: string;
  keptAt: string;
  changes: Partial<SettingsRecord>;
  /**
   * Issue 25: each kept field's value when the admin started editing it (as a save would send it),
   * so restoring can tell 'nobody touched it since' from 'another admin saved it after you'.
   * Absent in edits kept before it existed: those restore as before.
   */
  base?: Partial<SettingsRecord>;
}

/** The base values of `changes`' fields, taken from the record the edits started from. */
export function baseOf(changes: Partial<SettingsRecord>, baseline: SettingsRecord): Partial<SettingsRecord> {
  const before = recordForSave(baseline) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(changes).map((key) => [key, before[key]])) as Partial<SettingsRecord>;
}

export function keepEdits(email: string, changes: Partial<SettingsRecord>, now: Date = new Date(), base?: Partial<SettingsRecord>): KeptEdits | null {
  if (Object.keys(changes).length === 0) return null;
  const kept: KeptEdits = { email: email.toLowerCase(), keptAt: now.toISOString(), changes, ...(base ? { base } : {}) };
  try {
    window.localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage unavailable or full: the edits are then kept only while this page stays open.
  }
  return kept;
}

export function readKeptEdits(email: string | null): KeptEdits | null {
  if (!email) return null;
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptEdits>;
    if (kept.email !== email.toLowerCase() || typeof kept.keptAt !== 'string' || typeof kept.changes !== 'object' || kept.changes === null) return null;
    return kept as KeptEdits;
  } catch {
    return null;
  }
}

export function forgetKeptEdits(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}

export interface KeptEditsMerge {
  /** Kept values to put into the draft: the field still holds what the admin edited it from. */
  apply: Partial<SettingsRecord>;
  /** Fields another save changed after the admin's edit began (and not to the admin's value). */
  conflicts: (keyof SettingsRecord)[];
}

/**
 * Issue 25 ('Restore my changes' must not overwrite a newer save): each kept field is compared with
 * the value it was edited from. Unchanged since: the kept value applies. Already equal to the kept
 * value: nothing to do. Changed by someone else to something else: a conflict the admin decides.
 */
export function mergeKeptEdits(kept: Pick<KeptEdits, 'changes' | 'base'>, draft: SettingsRecord): KeptEditsMerge {
  const now = recordForSave(draft) as Record<string, unknown>;
  const apply: Record<string, unknown> = {};
  const conflicts: (keyof SettingsRecord)[] = [];
  for (const [key, mine] of Object.entries(kept.changes)) {
    const theirs = canonicalJson(now[key]);
    if (theirs === canonicalJson(mine)) continue;
    const base = kept.base as Record<string, unknown> | undefined;
    if (base === undefined || !(key in base) || canonicalJson(base[key]) === theirs) apply[key] = mine;
    else conflicts.push(key as keyof SettingsRecord);
  }
  return { apply: apply as Partial<SettingsRecord>, conflicts };
}
