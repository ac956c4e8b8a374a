/**
 * Unsaved edits kept on this device when the admin loses or gives up the draft lock (issue 12
 * point 4): the changes as a save would send them, so restoring them later is a plain edit.
 * localStorage, per admin, one set at a time (the newest wins): it must survive a reload or a
 * closed tab, and it never leaves the browser.
 */
import type { SettingsRecord } from '@punchline/domain';

const KEY = 'punchline.kept-edits';

export interface KeptEdits {
  email: string;
  keptAt: string;
  changes: Partial<SettingsRecord>;
}

export function keepEdits(email: string, changes: Partial<SettingsRecord>, now: Date = new Date()): KeptEdits | null {
  if (Object.keys(changes).length === 0) return null;
  const kept: KeptEdits = { email: email.toLowerCase(), keptAt: now.toISOString(), changes };
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
