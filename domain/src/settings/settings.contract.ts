/**
 * The draft lock and snapshot shapes of /api/settings (SPEC §3, §7), shared by the server and the
 * editing screens: one declaration, so the fields and limits cannot drift apart.
 */

/** SPEC §3 "Draft lock": holder_email plus details; null when nobody holds it (or it has expired). */
export interface DraftLockView {
  holder_email: string;
  /** The name the holder signed in with, when known (issue 25); the email stays the identity. */
  holder_name?: string | null;
  acquired_at: string;
  expires_at: string;
}

/** SPEC §3 "Settings snapshot (version)". status: 'draft' when saved, 'published' once published to live. */
export interface SettingsVersionView {
  id: string;
  label: string | null;
  stage: string;
  status: string;
  created_at: string;
  author_email: string | null;
}

/** GET /api/settings/versions: how many snapshots a list answers by default, and at most. */
export const VERSION_LIST_DEFAULT_LIMIT = 20;
export const VERSION_LIST_MAX_LIMIT = 100;
