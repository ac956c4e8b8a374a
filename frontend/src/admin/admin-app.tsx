import { Navigate, Route, Routes } from 'react-router';
import { AdminGate } from './gate/admin-gate';
import { AdminLayout } from './layout/admin-layout';
import { AdminScreenTitle } from './layout/admin-screen-title';
import { GeneralSettingsPage } from './general/general-settings.page';
import { PageConfigurationsPage } from './page-configurations/page-configurations.page';
import { ContactResponsesPage } from './contact-responses/contact-responses.page';
import { AuditLogPage } from './audit/audit-log.page';

/**
 * The admin area, loaded lazily from /admin/* so visitors never download it (DESIGN §9). Routes
 * of SPEC §2, relative to /admin.
 */
export default function AdminApp() {
  return (
    <AdminGate>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<GeneralSettingsPage />} />
          <Route path="general" element={<GeneralSettingsPage />} />
          <Route path="page-configurations" element={<PageConfigurationsPage />} />
          <Route path="settings" element={<Navigate to="/admin/page-configurations" replace />} />
          <Route path="media" element={<AdminScreenTitle title="Media Manager" />} />
          <Route path="contact-responses" element={<ContactResponsesPage />} />
          <Route path="audit" element={<AuditLogPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </AdminGate>
  );
}
