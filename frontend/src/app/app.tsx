import { Navigate, Route, Routes } from 'react-router';
import { publicRoutes } from '../public/public-routes';

export function App() {
  return (
    <Routes>
      {publicRoutes()}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
