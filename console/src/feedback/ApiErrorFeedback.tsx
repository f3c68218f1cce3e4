import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/StoreContext';
import { showErrorToast } from './errorToast';
import { toastText } from './toastText';

const reloadPage = () => window.location.reload();

/**
 * The console's reaction to every failed call (spec §8): an error toast, and for an expired,
 * invalid or revoked token one confirm box offering to log in again. Renders nothing.
 */
export function ApiErrorFeedback({ reload = reloadPage }: { reload?: () => void }) {
  const rootStore = useStores();
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  // Several calls fail together when a token dies; the user needs one box, not a stack.
  const confirmOpen = useRef(false);

  useEffect(
    () =>
      rootStore.onApiError((error) => {
        showErrorToast(message, toastText(t, error.code, error.message));
        if (!error.isLogoutCode || confirmOpen.current) return;
        confirmOpen.current = true;
        modal.confirm({
          title: t('logoutConfirm.title'),
          content: t('logoutConfirm.body'),
          okText: t('logoutConfirm.loginAgain'),
          cancelText: t('logoutConfirm.cancel'),
          onOk: () => {
            rootStore.session.resetToken();
            reload();
          },
          afterClose: () => {
            confirmOpen.current = false;
          },
        });
      }),
    [rootStore, message, modal, t, reload],
  );
  return null;
}
