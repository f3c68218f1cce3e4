import i18next, { type i18n } from 'i18next';
import type { Language } from './language';
import type { KioskCatalogue } from './kioskNamespaces';

/** One small chunk per language, fetched at boot. */
const LOADERS: Record<Language, () => Promise<KioskCatalogue>> = {
  en: () => import('./kiosk/en').then((module) => module.kioskCatalogueEn),
  zh: () => import('./kiosk/zh').then((module) => module.kioskCatalogueZh),
  es: () => import('./kiosk/es').then((module) => module.kioskCatalogueEs),
};

/** An i18next instance with the kiosk catalogue of one language (texts are typed equal, so no fallback is needed). */
export async function createKioskI18n(language: Language): Promise<i18n> {
  const catalogue = await LOADERS[language]();
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalogue } },
    // React escapes text itself; escaping here would show '&amp;' in the UI.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
