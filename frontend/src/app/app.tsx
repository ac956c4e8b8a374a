import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { publicRoutes } from '../public/public-routes';

// Visitors never download the admin area: it is its own chunk, fetched on /admin/* only (DESIGN §9).
const AdminApp = lazy(() => import('../admin/admin-app'));

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
          <Suspense fallback={<AdminLoading />}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
