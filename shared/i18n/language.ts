import Cookies from 'js-cookie';
import { cookieAttributes } from '../api/cookieAttributes';

/** The product's catalogues (spec §9); anything else falls back to English. */
export const LANGUAGES = ['en', 'zh', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'language';

/** Each language named in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'zh-CN' → 'zh', 'es' → 'es', 'fr-FR' → undefined. */
function languageOf(tag: string | undefined): Language | undefined {
  const prefix = tag?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(prefix) ? prefix : undefined;
}

export interface LanguageHints {
  cookie?: string | undefined;
  browser?: string | undefined;
}

/** Spec §1: the cookie wins, then the browser language, then English. */
export function detectLanguage(hints: LanguageHints): Language {
  return languageOf(hints.cookie) ?? languageOf(hints.browser) ?? DEFAULT_LANGUAGE;
}

/** Detects from this browser's cookie and navigator. */
export function currentLanguage(): Language {
  return detectLanguage({
    cookie: Cookies.get(LANGUAGE_COOKIE),
    browser: typeof navigator === 'undefined' ? undefined : navigator.language,
  });
}

export function saveLanguage(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, cookieAttributes('preference'));
}
