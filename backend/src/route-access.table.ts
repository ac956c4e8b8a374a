/**
 * Who may call every HTTP route of the app: the explicit expectation table walked by
 * backend/src/access/every-route.int.spec.ts. A registered route without a row fails that test,
 * and so does a row whose route no longer exists. Adding a route? Add its row here.
 *
 *   anyone     visitors, signed-in non-admins and admins all get past the access checks
 *   signed-in  visitors get 401; any signed-in account gets past (the route decides the rest)
 *   admin      visitors get 401, signed-in non-admins 403 (the default for every non-@Public route),
 *              auditors 403
 *   reader     as admin, but auditors get past too (@AuditorsMay: the reads of DESIGN §13 and §15)
 *
 * Paths are written as registered (Express syntax, ':id' for parameters).
 */
export type Audience = 'anyone' | 'signed-in' | 'admin' | 'reader';
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteAccess {
  method: RouteMethod;
  path: string;
  audience: Audience;
}

const row = (method: RouteMethod, path: string, audience: Audience): RouteAccess => ({ method, path, audience });

export const ROUTE_ACCESS: readonly RouteAccess[] = [
  // platform
  row('GET', '/api/health', 'anyone'),
  row('GET', '/events.ics', 'anyone'),
  row('GET', '/api/docs', 'anyone'),
  row('GET', '/api/docs/', 'anyone'),
  row('GET', '/api/docs/index.html', 'anyone'),
  row('GET', '/api/docs/swagger-ui-init.js', 'anyone'),
  row('GET', '/api/docs/docs/swagger-ui-init.js', 'anyone'),
  row('GET', '/api/docs/LICENSE', 'anyone'),
  row('GET', '/api/docs-json', 'anyone'),
  row('GET', '/api/docs-yaml', 'anyone'),

  // sign-in and sessions (issue 3)
  row('GET', '/api/auth/google', 'anyone'),
  row('GET', '/api/auth/google/callback', 'anyone'),
  row('GET', '/api/auth/dev', 'anyone'),
  row('POST', '/api/auth/dev', 'anyone'),
  row('GET', '/api/auth/me', 'anyone'),
  row('POST', '/api/auth/logout', 'anyone'),
  row('POST', '/api/auth/refresh', 'signed-in'),

  // admin allowlist (issue 3)
  row('GET', '/api/admin/allowlist', 'admin'),
  row('PUT', '/api/admin/allowlist', 'admin'),
  row('GET', '/api/admin/auditors', 'admin'),
  row('PUT', '/api/admin/auditors', 'admin'),

  // settings: live reads are public; draft reads answer as live to non-admins (DESIGN §6)
  row('GET', '/api/settings', 'anyone'),
  row('GET', '/api/settings/preview', 'anyone'),
  row('PUT', '/api/settings', 'admin'),
  row('GET', '/api/settings/lock', 'admin'),
  row('POST', '/api/settings/lock/acquire', 'admin'),
  row('POST', '/api/settings/lock/release', 'admin'),
  row('POST', '/api/settings/pull-live', 'admin'),
  row('POST', '/api/settings/publish', 'admin'),
  row('GET', '/api/settings/versions', 'admin'),
  row('POST', '/api/settings/versions', 'admin'),
  row('GET', '/api/settings/versions/:id', 'admin'),
  row('POST', '/api/settings/versions/:id/restore', 'admin'),
  row('DELETE', '/api/settings/versions/:id', 'admin'),
  row('POST', '/api/settings/schedule', 'admin'),
  row('GET', '/api/settings/schedules', 'admin'),
  row('DELETE', '/api/settings/schedules/:id', 'admin'),
  row('GET', '/api/settings/lock/events', 'admin'),

  // public pages (server-rendered; stage=draft needs an admin, else live)
  row('GET', '/', 'anyone'),
  row('GET', '/media', 'anyone'),
  row('GET', '/merch', 'anyone'),
  row('GET', '/events', 'anyone'),
  row('GET', '/about', 'anyone'),
  row('GET', '/contact', 'anyone'),

  // contact form
  row('POST', '/api/contact', 'anyone'),

  // media library (SPEC §7 storage calls); visitors load images through the proxy
  row('POST', '/api/storage/upload', 'admin'),
  // backups (issue 29): admins only
  row('GET', '/api/admin/backups', 'admin'),
  row('POST', '/api/admin/backups', 'admin'),
  row('GET', '/api/admin/backups/:name/download', 'admin'),
  row('GET', '/api/storage/list', 'admin'),
  row('GET', '/api/storage/usage', 'admin'),
  row('POST', '/api/storage/delete', 'admin'),
  row('POST', '/api/storage/rename', 'admin'),
  row('GET', '/api/storage/proxy', 'anyone'),

  // contact responses inbox and audit log (admins only; SPEC §6)
  row('GET', '/api/admin/contact-responses', 'admin'),
  row('PATCH', '/api/admin/contact-responses/:id', 'admin'),
  row('GET', '/api/admin/audit', 'reader'),
  row('GET', '/api/admin/audit/verify', 'reader'),
  row('GET', '/api/admin/audit/export', 'reader'),

  // the log outsiders can check (DESIGN §15, issue 27)
  row('GET', '/api/log/checkpoint', 'anyone'),
  row('GET', '/api/log/public-key', 'anyone'),
  row('GET', '/api/log/proof/consistency', 'reader'),
  row('GET', '/api/log/proof/inclusion', 'reader'),
  row('POST', '/api/log/check', 'reader'),

  // forgetting a person (DESIGN §16)
  row('GET', '/api/admin/privacy', 'admin'),
  row('POST', '/api/admin/privacy/erase', 'admin'),

  // history (DESIGN §13; admins only)
  row('GET', '/api/admin/history', 'reader'),
  row('GET', '/api/admin/history/state', 'reader'),
  row('GET', '/api/admin/history/diff', 'reader'),
  row('GET', '/api/admin/history/fields', 'reader'),
  row('POST', '/api/settings/rollback', 'admin'),
  row('POST', '/api/settings/history/restore', 'admin'),
];
