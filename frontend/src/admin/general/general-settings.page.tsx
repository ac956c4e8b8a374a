import { AdminAccessPanel } from '../access/admin-access-panel';
import { BackupsPanel } from '../backups/backups-panel';
import { AuditorsPanel } from '../access/auditors-panel';
import { GeneralSettingsForm } from './general-settings-form';

/** /admin and /admin/general (SPEC §2): the General Settings form, then the Admin Access, Auditors and Backups panels below it. */
export function GeneralSettingsPage() {
  return (
    <>
      <GeneralSettingsForm />
      <AdminAccessPanel />
      <AuditorsPanel />
      <BackupsPanel />
    </>
  );
}
