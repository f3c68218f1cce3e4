import { App, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorInfo } from '@shared/errors/codes';
import { showErrorToast } from '../feedback/errorToast';
import { useStores } from '../stores/StoreContext';
import { readLinkLogin, withoutLinkLogin } from './startupToken';

/**
 * Spec §2: an address holding type, username, password and user logs in with them and opens
 * /dashboard. Runs once at start; the routes render only after it has decided.
 */
export function LinkLoginGate({ children }: { children: ReactNode }) {
  const { session } = useStores();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => readLinkLogin(location.search));
  const [pending, setPending] = useState(link !== null);
  // StrictMode runs mount effects twice in development; log in once.
  const started = useRef(false);

  useEffect(() => {
    if (link === null || started.current) return;
    started.current = true;
    const cleanAddress = `${location.pathname}${withoutLinkLogin(location.search)}`;
    const fail = (text: string) => {
      showErrorToast(message, text);
      navigate(cleanAddress, { replace: true });
      setPending(false);
    };
    if (link === 'incomplete') return fail(errorInfo.MISSING_PARAMETERS.message);
    session.linkLogin(link).then(
      () => {
        navigate('/dashboard', { replace: true });
        setPending(false);
      },
      (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
    );
    // Once per page load: the address is rewritten right after, so later renders never re-run it.
  }, [link, location, message, navigate, session]);

  if (pending) return <Spin size="large" description={t('session.loading')} fullscreen />;
  return children;
}
