import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { publicRoutes } from '../public/public-routes';
import { BootFailedBoundary, lazyWithReload } from '../shared/boot-failed';

// Visitors never download the admin area: it is its own chunk, fetched on /admin/* only (DESIGN §9).
// Its hashed name changes with each deploy, so a tab opened before one reloads once to find the new chunk.
const AdminApp = lazyWithReload(() => import('../admin/admin-app'));

/** Shown while the admin chunk loads: neutral, so the visitor bundle carries no admin text (the gate says the rest). */
function AdminLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#14161b', color: '#e9ebf0', fontFamily: 'system-ui, sans-serif' }}>
      <p role="status">Loading…</p>
    </div>
  );
}

export function App() {
  return (
    <Routes>
      {publicRoutes()}
      <Route
        path="/admin/*"
        element={
          // Its own boundary: a failing admin screen (or chunk) is reported inside the admin route.
          <BootFailedBoundary>
            <Suspense fallback={<AdminLoading />}>
              <AdminApp />
            </Suspense>
          </BootFailedBoundary>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
