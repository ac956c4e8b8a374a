import { AUDITOR_TEXTS, auditorEntryProblem } from '@punchline/domain';
import { type EmailListPanelConfig, EmailListPanel } from './email-list-panel';

const AUDITORS: EmailListPanelConfig = {
  endpoint: '/api/admin/auditors',
  entryProblem: auditorEntryProblem,
  title: 'Auditors',
  lead: 'Google accounts that may read the Audit Log and Site history, and check the log, without changing anything.',
  loading: 'Loading auditors',
  listTitle: 'Auditor list',
  empty: 'No auditors added here yet.',
  addLabel: 'Add an auditor email',
  addButton: 'Add auditor',
  removeLabel: (email) => `Remove auditor ${email}`,
  envTitle: 'Set by the server (AUDITOR_EMAILS)',
  saveButton: 'Save auditors',
  texts: AUDITOR_TEXTS,
};

/**
 * DESIGN §15 "Auditors": who may read the Audit Log and Site history without editing anything.
 * Changed locally and saved as a whole (PUT /api/admin/auditors, recorded on the access stream);
 * AUDITOR_EMAILS is shown read-only.
 */
export function AuditorsPanel() {
  return <EmailListPanel config={AUDITORS} />;
}
