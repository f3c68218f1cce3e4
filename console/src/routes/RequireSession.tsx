import { App, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { showErrorToast } from '../feedback/errorToast';
import { useStores } from '../stores/StoreContext';
import { loginPathFor } from './redirectTarget';

/**
 * The route guard (spec §2, §4): no token → login with the requested path; a token without user
 * info → load it once; a failure or a disabled sub-user → reset the token, say why, go to login.
 */
export const RequireSession = observer(function RequireSession() {
  const { session } = useStores();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const location = useLocation();
  const needsInfo = Boolean(session.token) && !session.hasInfo;

  useEffect(() => {
    if (!needsInfo) return;
    session
      .getInfo()
      .then(() => {
        if (!session.isDisabled) return;
        session.resetToken();
        showErrorToast(message, t('session.disabled'));
      })
      .catch((error: unknown) => {
        session.resetToken();
        // Api failures were already toasted by the api hook; this repeats nothing (same key).
        showErrorToast(message, error instanceof Error ? error.message : String(error));
      });
  }, [needsInfo, session, message, t]);

  if (!session.token) return <Navigate to={loginPathFor(location)} replace />;
  if (needsInfo) {
    return <Spin size="large" description={t('session.loading')} fullscreen />;
  }
  return <Outlet />;
});
