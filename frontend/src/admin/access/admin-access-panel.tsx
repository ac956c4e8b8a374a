import { ALLOWLIST_TEXTS, allowlistEntryProblem } from '@punchline/domain';
import { type EmailListPanelConfig, EmailListPanel } from './email-list-panel';

const ADMIN_ACCESS: EmailListPanelConfig = {
  endpoint: '/api/admin/allowlist',
  entryProblem: allowlistEntryProblem,
  title: 'Admin Access',
  lead: 'Google accounts allowed into this admin area. Changes apply as soon as they are saved.',
  count: { one: 'allowed address', many: 'allowed addresses' },
  loading: 'Loading allowlist',
  listTitle: 'Allowlist',
  empty: 'No addresses added here yet.',
  addLabel: 'Add an admin email',
  addButton: 'Add email',
  removeLabel: (email) => `Remove ${email}`,
  envTitle: 'Set by the server (ADMIN_EMAILS)',
  reset: true,
  saveButton: 'Save changes',
  texts: ALLOWLIST_TEXTS,
};

/**
 * SPEC §2 "Admin Access": who may use the admin area. The editable list is changed locally and
 * saved as a whole (PUT /api/admin/allowlist); ADMIN_EMAILS is shown read-only.
 */
export function AdminAccessPanel() {
  return <EmailListPanel config={ADMIN_ACCESS} />;
}
