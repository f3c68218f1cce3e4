import { configure, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeAdapter, type FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { Language } from '@shared/i18n/language';
import type { RouterEntry } from '@shared/schemas/router';
import { DEFAULT_SITE_SETTINGS, publicSiteOf, type PublicSite } from '@shared/schemas/siteSettings';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../AppProviders';
import { AppRoutes } from '../routes/AppRoutes';
import { routerRows } from './routerRows.test-util';

// The whole console (layout, full menu, lazy screens) can take over a second to appear in jsdom on a
// busy machine: findBy* waits up to 5 s instead of the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** What antd needs from a browser that jsdom lacks: media queries, ResizeObserver, and getComputedStyle(el, '::x'). */
export function installBrowserGaps(): void {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  // The layout's menu and selects measure themselves; jsdom has no layout, so nothing ever resizes.
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export interface ConsoleOptions {
  path?: string;
  token?: string;
  language?: Language;
  /** The fake server: maps 'METHOD /url' to a reply. */
  server?: (route: string, body: unknown) => FakeReply;
  /** Menu full paths GET /routers grants (plus those needing no role); default: every entry. */
  routers?: readonly string[];
  /** Entries GET /routers answers besides the product's, e.g. one an administrator added in the menu editor. */
  extraRouters?: readonly RouterEntry[];
  reload?: () => void;
  /** What GET /site answers (the site's name, pictures, default language and colour); default: the product's. */
  site?: PublicSite;
}

/** The whole console (providers + routes) on a memory router, talking to an in-process fake server. */
export function renderConsole(options: ConsoleOptions = {}) {
  installBrowserGaps();
  let token = options.token;
  const requests: string[] = [];
  const rootStore = new RootStore({
    language: options.language ?? 'en',
    persistence: { get: () => token, set: (value) => (token = value), remove: () => (token = undefined) },
    adapter: fakeAdapter((config) => {
      const route = `${config.method?.toUpperCase()} ${config.url}`;
      // The site's public settings: every start loads them (AppProviders), so they are answered here, not listed.
      if (route === 'GET /site') return { body: { code: 0, data: options.site ?? publicSiteOf(DEFAULT_SITE_SETTINGS), message: 'ok' } };
      requests.push(route);
      if (route === 'GET /routers') {
        const rows = [...routerRows(options.routers), ...(options.extraRouters ?? [])];
        return { body: { code: 0, data: { total: rows.length, rows }, message: 'ok' } };
      }
      const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined;
      return options.server?.(route, body) ?? { status: 404, body: { code: 40400, data: null, message: 'Not found' } };
    }),
  });
  const view = render(
    <AppProviders rootStore={rootStore} realtime={null} {...(options.reload ? { reload: options.reload } : {})}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, rootStore, requests, storedToken: () => token };
}

export const envelope = (data: unknown, code = 0, message = 'ok') => ({ body: { code, data, message } });
