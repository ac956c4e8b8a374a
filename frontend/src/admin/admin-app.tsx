import { Navigate, Route, Routes } from 'react-router';
import { AdminGate } from './gate/admin-gate';
import { useSession } from '../shared/session';
import { AdminQueryProvider } from './data/query-provider';
import { AdminLayout } from './layout/admin-layout';
import { GeneralSettingsPage } from './general/general-settings.page';
import { PageConfigurationsPage } from './page-configurations/page-configurations.page';
import { ContactResponsesPage } from './contact-responses/contact-responses.page';
import { AuditLogPage } from './audit/audit-log.page';
import { SiteHistoryPage } from './history/site-history.page';
import { MediaFieldActionsProvider } from './media/media-field-actions';
import { MediaManagerPage } from './media/media-manager.page';

/**
 * The admin area, loaded lazily from /admin/* so visitors never download it (DESIGN §9). Routes
 * of SPEC §2, relative to /admin.
 */
export default function AdminApp() {
  const { isAuditor } = useSession();
  if (isAuditor) {
    // DESIGN §15: an auditor's shell holds the two screens that read the log, nothing else.
    return (
      <AdminQueryProvider>
        <AdminGate>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route path="audit" element={<AuditLogPage />} />
              <Route path="history" element={<SiteHistoryPage />} />
            </Route>
            <Route path="*" element={<Navigate to="/admin/audit" replace />} />
          </Routes>
        </AdminGate>
      </AdminQueryProvider>
    );
  }
  return (
    <AdminQueryProvider>
      <AdminGate>
        {/* Image and video fields of the editors get 'Select from library' and 'Upload'. */}
        <MediaFieldActionsProvider>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route index element={<GeneralSettingsPage />} />
              <Route path="general" element={<GeneralSettingsPage />} />
              <Route path="page-configurations" element={<PageConfigurationsPage />} />
              <Route path="settings" element={<Navigate to="/admin/page-configurations" replace />} />
              <Route path="media" element={<MediaManagerPage />} />
              <Route path="contact-responses" element={<ContactResponsesPage />} />
              <Route path="audit" element={<AuditLogPage />} />
              {/* Listed under the Audit Log in the sidebar; SPEC §2's five links stay as they are. */}
              <Route path="history" element={<SiteHistoryPage />} />
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </MediaFieldActionsProvider>
      </AdminGate>
    </AdminQueryProvider>
  );
}
