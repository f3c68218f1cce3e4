import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './language';
import { en } from './locales/en';
import { es } from './locales/es';
import { zh } from './locales/zh';
import type { Catalogue } from './catalogue';

export const CATALOGUES: Record<Language, Catalogue> = { en, zh, es };

/**
 * A fresh i18next instance per app (and per test), ready on return: the catalogues are bundled,
 * so there is nothing to load asynchronously. React binds it with <I18nextProvider>.
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: CATALOGUES[lng] }])),
    initAsync: false,
    // React escapes text itself; escaping here would show '&amp;' in the UI.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
