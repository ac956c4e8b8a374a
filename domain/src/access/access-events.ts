import { eventTypeSet } from '../events/event-types';

/** Every access fact lives on one stream, so the allowlist is one small aggregate (DESIGN §7). */
export const ACCESS_STREAM = 'access';

export type SignInMethod = 'google' | 'development';

export type SignInDeniedReason = 'email_missing' | 'email_not_verified' | 'not_allowlisted';

export interface AllowlistChangedData {
  added: string[];
  removed: string[];
}

export interface AdminSignedInData {
  email: string;
  name: string | null;
  method: SignInMethod;
  /** 'auditor' for a read-only auditor (DESIGN §15); absent for an admin (and on every older event). */
  role?: 'auditor';
}

export interface AdminSignInDeniedData {
  /** Null when the provider gave no email at all. */
  email: string | null;
  reason: SignInDeniedReason;
  method: SignInMethod;
  /**
   * Present on the one entry that sums up repeats (issue 24 point 5): the first refusal of a
   * window is recorded as it happens, the same refusal repeated within the window is counted, and
   * the count is recorded once when the window ends.
   */
  repeated?: SignInDenialRepeats;
}

export interface SignInDenialRepeats {
  /** Refusals after the first one, within the window. */
  count: number;
  windowMinutes: number;
}

export interface AdminSignedOutData {
  email: string;
}

export type AccessEvent =
  | { type: 'AllowlistChanged'; data: AllowlistChangedData }
  | { type: 'AdminSignedIn'; data: AdminSignedInData }
  | { type: 'AdminSignInDenied'; data: AdminSignInDeniedData }
  | { type: 'AdminSignedOut'; data: AdminSignedOutData }
  | { type: 'AuditorsChanged'; data: AllowlistChangedData };

export type AccessEventType = AccessEvent['type'];

const accessEventTypes = eventTypeSet<AccessEventType>({
  AllowlistChanged: true,
  AdminSignedIn: true,
  AdminSignInDenied: true,
  AdminSignedOut: true,
  AuditorsChanged: true,
});

export const ACCESS_EVENT_TYPES = accessEventTypes.list;
export const isAccessEventType = accessEventTypes.has;
