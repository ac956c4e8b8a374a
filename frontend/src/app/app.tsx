import { Navigate, Route, Routes } from 'react-router';

export function App() {
  return (
    <Routes>
      <Route path="/" element={<h1>Punchline</h1>} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
