import Cookies from 'js-cookie';
import { runInAction } from 'mobx';
import { useEffect } from 'react';
import { LANGUAGE_COOKIE } from '@shared/i18n/language';
import type { PublicSite } from '@shared/schemas/siteSettings';
import type { RootStore } from '@shared/stores/rootStore';

/** An empty icon: the browser asks for /favicon.ico otherwise. */
const NO_ICON = 'data:,';

/** The tab's icon follows the site's favicon. */
export function applyFavicon(doc: Document, url: string): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = url || NO_ICON;
}

/**
 * The site's default language for a browser that has not chosen one (no language cookie): applied without
 * writing the cookie, so a later change of the default still reaches this browser, and a user's own choice
 * (the language select writes the cookie) always wins.
 */
export function applyDefaultLanguage(root: RootStore, language: PublicSite['defaultLanguage'], hasCookie = Cookies.get(LANGUAGE_COOKIE) !== undefined): void {
  if (!language || hasCookie || root.app.language === language) return;
  runInAction(() => {
    root.app.language = language;
  });
  void root.i18n.changeLanguage(language);
}

/** Loads the site's settings once and applies its favicon and default language whenever they change. */
export function useSiteAppearance(root: RootStore, site: PublicSite, load: () => Promise<void>): void {
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => applyFavicon(document, site.faviconUrl), [site.faviconUrl]);
  useEffect(() => applyDefaultLanguage(root, site.defaultLanguage), [root, site.defaultLanguage]);
}
