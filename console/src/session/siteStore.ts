import type { AxiosInstance } from 'axios';
import { makeObservable, observable, reaction, runInAction } from 'mobx';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { fetchPublicSite } from '@shared/api/siteSettingsApi';
import { DEFAULT_SITE_SETTINGS, publicSiteOf, type PublicSite } from '@shared/schemas/siteSettings';
import { DEFAULT_THEME_COLOR } from '@shared/stores/settingsStore';
import type { RootStore } from '@shared/stores/rootStore';
import { useStores } from '../stores/StoreContext';

/**
 * The site's public settings (GET /api/site: name, pictures, default language and colour, hidden groups),
 * loaded when the console starts and replaced after the settings screen saves. One per root store.
 */
export class SiteStore {
  site: PublicSite = publicSiteOf(DEFAULT_SITE_SETTINGS);
  private seq = 0;

  constructor(private readonly http: AxiosInstance) {
    makeObservable(this, { site: observable.ref });
  }

  /** A late answer is dropped when a newer load or an apply() came in meanwhile. */
  async load(): Promise<void> {
    const seq = ++this.seq;
    const site = await fetchPublicSite(this.http);
    if (site && seq === this.seq) this.apply(site);
  }

  /** Puts settings in place (the settings screen's just saved); a load asked before then no longer replaces them. */
  apply(site: PublicSite): void {
    this.seq++;
    runInAction(() => {
      this.site = site;
    });
  }

  /** The drawer's colour when the user picked one, else the site's default, else the product's. */
  themeColour(userColour: string): string {
    return userColour !== DEFAULT_THEME_COLOR ? userColour : (this.site.themeColor ?? DEFAULT_THEME_COLOR);
  }
}

const stores = new WeakMap<RootStore, SiteStore>();

export function siteStoreOf(root: RootStore): SiteStore {
  let store = stores.get(root);
  if (!store) {
    store = new SiteStore(root.http);
    stores.set(root, store);
  }
  return store;
}

export const useSiteStore = (): SiteStore => siteStoreOf(useStores());

/** The site's public settings, following every change (also in components that are not observers). */
export function useSite(): PublicSite {
  const store = useSiteStore();
  const [site, setSite] = useState(store.site);
  useEffect(() => reaction(() => store.site, setSite, { fireImmediately: true }), [store]);
  return site;
}

/** The name the site goes by: its own, else the product's in the reader's language. */
export const siteName = (t: TFunction, site: PublicSite, productKey = 'app.consoleTitle'): string => site.name || t(productKey);
