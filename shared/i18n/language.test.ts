// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, detectLanguage, LANGUAGE_COOKIE, saveLanguage } from './language';

describe('detectLanguage', () => {
  it('prefers the cookie over the browser language', () => {
    expect(detectLanguage({ cookie: 'es', browser: 'zh-CN' })).toBe('es');
  });

  it('uses the browser language prefix when there is no usable cookie', () => {
    expect(detectLanguage({ browser: 'zh-CN' })).toBe('zh');
    expect(detectLanguage({ cookie: 'fr', browser: 'es-MX' })).toBe('es');
  });

  it('falls back to English for anything else', () => {
    expect(detectLanguage({})).toBe('en');
    expect(detectLanguage({ cookie: 'de', browser: 'fr-FR' })).toBe('en');
  });
});

describe('currentLanguage', () => {
  afterEach(() => {
    Cookies.remove(LANGUAGE_COOKIE);
    vi.restoreAllMocks();
  });

  it('reads the language cookie first, then navigator.language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    expect(currentLanguage()).toBe('zh');
    saveLanguage('es');
    expect(currentLanguage()).toBe('es');
  });
});
