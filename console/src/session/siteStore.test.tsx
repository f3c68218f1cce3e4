// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, publicSiteOf, type PublicSite } from '@shared/schemas/siteSettings';
import { RootStore } from '@shared/stores/rootStore';
import { renderConsole } from '../testing/renderConsole.test-util';
import { applyDefaultLanguage, applyFavicon } from './siteAppearance';
import { SiteStore } from './siteStore';

const site = (changes: Partial<PublicSite>): PublicSite => ({ ...publicSiteOf(DEFAULT_SITE_SETTINGS), ...changes });
const LOGO = `/api/files/${'b'.repeat(64)}.png`;

describe('the site settings in the console', () => {
  afterEach(cleanup);

  it('put the site name and logo on the login page and in the tab title', async () => {
    renderConsole({ path: '/login', site: site({ name: 'North Plant Energy', logoUrl: LOGO }) });
    await waitFor(() => expect(screen.getByTestId('login-title').textContent).toBe('North Plant Energy'));
    expect(screen.getByTestId('login-logo').getAttribute('src')).toBe(LOGO);
    await waitFor(() => expect(document.title).toBe('Log in - North Plant Energy'));
  });

  it("keep the product's own name and no logo while the site has none", async () => {
    renderConsole({ path: '/login', language: 'es' });
    await waitFor(() => expect(document.title).toBe('Iniciar sesión - Consola de energía'));
    expect(screen.getByTestId('login-title').textContent).toBe('Plataforma de gestión energética');
    expect(screen.queryByTestId('login-logo')).toBeNull();
  });

  it("use the site's colour unless the user picked another one in the settings drawer", () => {
    const store = new SiteStore(new RootStore({ language: 'en' }).http);
    expect(store.themeColour('#409EFF')).toBe('#409EFF');
    store.apply(site({ themeColor: '#11A983' }));
    expect(store.themeColour('#409EFF')).toBe('#11A983');
    expect(store.themeColour('#F5222D')).toBe('#F5222D');
  });

  it('apply the default language only to a browser that has not chosen one, without choosing for it', async () => {
    const root = new RootStore({ language: 'en' });
    applyDefaultLanguage(root, 'zh', true);
    expect(root.app.language).toBe('en');
    applyDefaultLanguage(root, null, false);
    expect(root.app.language).toBe('en');
    applyDefaultLanguage(root, 'zh', false);
    expect(root.app.language).toBe('zh');
    await waitFor(() => expect(root.i18n.language).toBe('zh'));
    expect(document.cookie).not.toContain('language=');
  });

  it('point the tab icon at the favicon, and at an empty icon without one', () => {
    applyFavicon(document, LOGO);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(LOGO);
    applyFavicon(document, '');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('data:,');
  });
});
