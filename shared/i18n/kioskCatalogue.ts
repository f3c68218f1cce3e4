import i18next, { type i18n } from 'i18next';
import type { Catalogue } from './catalogue';
import type { Language } from './language';

/**
 * The namespaces a wall uses: the kiosk's pages, the widgets, the 3D view, alarm words and error texts.
 * The console's catalogue is many times larger; a wall loads only this, and only in its own language.
 */
export const KIOSK_NAMESPACES = ['app', 'kiosk', 'kioskRuntime', 'chartWidgets', 'liveWidgets', 'visualization', 'alarms', 'errors'] as const;
export type KioskCatalogue = Pick<Catalogue, (typeof KIOSK_NAMESPACES)[number]>;

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
