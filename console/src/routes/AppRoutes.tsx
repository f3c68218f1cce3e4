import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { ErrorPage } from '../pages/errors/ErrorPage';
import { LoginPage } from '../pages/login/LoginPage';
import { LOGIN_PATH } from './redirectTarget';
import { RequireSession } from './RequireSession';

/**
 * The console's routes. Only /login is open without a token (spec §2; /auth-redirect arrives with
 * its screen); everything else, 404 included, sits behind the guard.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={LOGIN_PATH} element={<LoginPage />} />
      <Route element={<RequireSession />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/404" element={<ErrorPage status="404" />} />
        <Route path="/401" element={<ErrorPage status="401" />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}
