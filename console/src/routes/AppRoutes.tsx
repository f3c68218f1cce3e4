import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { AuthRedirectPage } from '../pages/authRedirect/AuthRedirectPage';
import { ErrorPage } from '../pages/errors/ErrorPage';
import { LoginPage } from '../pages/login/LoginPage';
import { KeepAliveOutlet } from '../tags/KeepAliveOutlet';
import { TagsView } from '../tags/TagsView';
import { RefreshRedirect } from './RefreshRedirect';
import { LOGIN_PATH } from './redirectTarget';
import { RequireSession } from './RequireSession';
import { ScreenElement } from './ScreenElement';
import { useScreenRoutes } from './useScreenRoutes';
import { MEMBER_PAGE_PATH } from '@shared/prepaid/constants';
import { REPORT_SHEET_PATH } from '@shared/reports/constants';

/** The tenants' mobile page: public, outside the console shell, with its own member token. */
const MemberPage = lazy(() => import('../pages/member/MemberPage').then((m) => ({ default: m.MemberPage })));
/** A shared report (public link): outside the shell, no account; the link's token is the only key. */
const ReportSheetPage = lazy(() => import('../pages/reportSheet/ReportSheetPage').then((m) => ({ default: m.ReportSheetPage })));

/** The signed-in frame: layout with the tags bar around the keep-alive view. */
function ConsoleShell() {
  return (
    <AppLayout tagsBar={<TagsView />}>
      <KeepAliveOutlet />
    </AppLayout>
  );
}

/**
 * The console's routes (spec §2). Open without a token: /login, /auth-redirect and the member page (/member). Behind the
 * guard: one route per permitted menu entry (built from the permission store, so a path the role
 * does not grant is unknown and ends on /404), the refresh helper, /404 and /401.
 */
export const AppRoutes = observer(function AppRoutes() {
  const screens = useScreenRoutes();
  return (
    <Routes>
      <Route path={LOGIN_PATH} element={<LoginPage />} />
      <Route path="/auth-redirect" element={<AuthRedirectPage />} />
      <Route
        path={MEMBER_PAGE_PATH}
        element={
          <Suspense fallback={null}>
            <MemberPage />
          </Suspense>
        }
      />
      <Route
        path={REPORT_SHEET_PATH}
        element={
          <Suspense fallback={null}>
            <ReportSheetPage />
          </Suspense>
        }
      />
      <Route element={<RequireSession />}>
        <Route element={<ConsoleShell />}>
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="/redirect/*" element={<RefreshRedirect />} />
          {screens.map((screen) => (
            <Route
              key={screen.path}
              path={screen.path}
              element={screen.redirectTo ? <Navigate to={screen.redirectTo} replace /> : <ScreenElement screen={screen} />}
            />
          ))}
        </Route>
        <Route path="/404" element={<ErrorPage status="404" />} />
        <Route path="/401" element={<ErrorPage status="401" />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
});
