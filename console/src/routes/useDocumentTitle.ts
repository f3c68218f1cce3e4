import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { siteName, useSite } from '../session/siteStore';

/** 'Dashboard - Energy Console' (the site's name when it has one), re-titled when the language or name changes; nothing while the key is unknown. */
export function useDocumentTitle(routeTitleKey: string | undefined): void {
  const { t, i18n } = useTranslation();
  const site = useSite();
  useEffect(() => {
    if (routeTitleKey) document.title = `${t(routeTitleKey)} - ${siteName(t, site)}`;
  }, [t, i18n.language, routeTitleKey, site]);
}
