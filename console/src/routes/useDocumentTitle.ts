import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Dashboard - Energy Console', re-titled when the language changes; nothing while the key is unknown. */
export function useDocumentTitle(routeTitleKey: string | undefined): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    if (routeTitleKey) document.title = `${t(routeTitleKey)} - ${t('app.consoleTitle')}`;
  }, [t, i18n.language, routeTitleKey]);
}
