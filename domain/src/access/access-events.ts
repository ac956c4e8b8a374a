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

export const ACCESS_EVENT_TYPES: readonly AccessEventType[] = ['AllowlistChanged', 'AdminSignedIn', 'AdminSignInDenied', 'AdminSignedOut', 'AuditorsChanged'];

export function isAccessEventType(type: string): type is AccessEventType {
  return (ACCESS_EVENT_TYPES as readonly string[]).includes(type);
}
