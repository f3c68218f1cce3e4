import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Dashboard - Energy Console', re-titled when the language changes. */
export function useDocumentTitle(routeTitleKey: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(routeTitleKey)} - ${t('app.consoleTitle')}`;
  }, [t, i18n.language, routeTitleKey]);
}
