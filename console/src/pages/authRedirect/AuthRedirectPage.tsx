import { Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { adoptStartupToken } from '../../session/startupToken';
import { LOGIN_PATH, redirectTarget } from '../../routes/redirectTarget';
import { useDocumentTitle } from '../../routes/useDocumentTitle';
import { useStores } from '../../stores/StoreContext';

/** Where /auth-redirect goes when the redirect query names nothing usable. */
export const AUTH_REDIRECT_HOME = '/dashboard';

/**
 * /auth-redirect (spec §2, open without a token): another system signs the user in by handing over
 * a token in the `access_token` query or the window name. The page adopts it and opens the
 * `redirect` query or the dashboard; with no token at all it opens the login page.
 */
export const AuthRedirectPage = observer(function AuthRedirectPage() {
  const { session } = useStores();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [adopted, setAdopted] = useState(false);
  useDocumentTitle('route.auth-redirect');

  useEffect(() => {
    // main.tsx adopts a token on page load; this covers an in-app visit to the page as well.
    adoptStartupToken(session, `${window.location.origin}${pathname}${search}`, window.name);
    setAdopted(true);
  }, [session, pathname, search]);

  if (!adopted) return <Spin size="large" description={t('authRedirect.signingIn')} fullscreen />;
  if (!session.token) return <Navigate to={LOGIN_PATH} replace />;
  return <Navigate to={redirectTarget(search, AUTH_REDIRECT_HOME)} replace />;
});
