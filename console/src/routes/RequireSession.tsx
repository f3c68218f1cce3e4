import { App, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { showErrorToast } from '../feedback/errorToast';
import { useStores } from '../stores/StoreContext';
import { loadSession } from './loadSession';
import { loginPathFor } from './redirectTarget';

/**
 * The route guard (spec §2, §4): no token → login with the requested path; a token without user
 * info or routes → load them once, showing a spinner; a failure or a disabled sub-user → reset
 * the token, say why, go to login.
 */
export const RequireSession = observer(function RequireSession() {
  const rootStore = useStores();
  const { session, permission } = rootStore;
  const { message } = App.useApp();
  const { t } = useTranslation();
  const location = useLocation();
  const needsLoad = Boolean(session.token) && (!session.hasInfo || !permission.loaded);

  useEffect(() => {
    if (!needsLoad) return;
    loadSession(rootStore)
      .then((outcome) => {
        if (outcome !== 'disabled') return;
        session.resetToken();
        showErrorToast(message, t('session.disabled'));
      })
      .catch((error: unknown) => {
        session.resetToken();
        // Api failures were already toasted by the api hook; this repeats nothing (same key).
        showErrorToast(message, error instanceof Error ? error.message : String(error));
      });
  }, [needsLoad, rootStore, session, message, t]);

  if (!session.token) return <Navigate to={loginPathFor(location)} replace />;
  if (needsLoad) return <Spin size="large" description={t('session.loading')} fullscreen />;
  return <Outlet />;
});
