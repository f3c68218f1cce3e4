import { configure, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { BoardScreensApi } from '@shared/api/boardScreensApi';
import { fakeAdapter, type FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { Language } from '@shared/i18n/language';
import type { ResourceOption } from '@shared/resources';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../../AppProviders';
import { routerRows } from '../../testing/routerRows.test-util';
import { DisplaysApiProvider } from '../boards/useDisplaysApi';
import { installBrowserGaps } from '../../testing/renderConsole.test-util';

configure({ asyncUtilTimeout: 5000 });

export const METERS: ResourceOption[] = [
  { id: 11, name: 'M001 Main incomer' },
  { id: 12, name: 'M002 Chiller plant' },
];

/** Menu paths of a role that may see the purpose screens but not edit boards. */
export const VIEWER_PATHS = [
  '/board',
  '/board/energyGZ',
  '/payment-statistics',
  '/payment-statistics/datashowboardlist',
  '/payment-statistics/datashowboard/:dataShowBoardCode',
  '/base',
  '/base/equipmentBoard',
  '/base/equipmentBoardCheck',
];
/** The same role with the board editor. */
export const EDITOR_PATHS = [...VIEWER_PATHS, '/settings', '/settings/boardConfig'];

/** Where the router is: the probe route every other path lands on. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <div data-testid="elsewhere">{pathname + search}</div>;
}

export interface ScreenOptions {
  /** The route pattern the screen is mounted at, and the address opened. */
  route: string;
  path?: string;
  element: ReactElement;
  /** The BoardScreensApi the screens use; without one they talk to `server` through the console's http client. */
  api?: BoardScreensApi;
  granted?: readonly string[];
  language?: Language;
  /** HTTP-level answers besides GET /meters/options. */
  server?: (route: string, body: unknown) => FakeReply | undefined;
}

/** One purpose screen inside the console's providers (stores, i18n, antd App for toasts) on a memory router. */
export function renderScreen({ route, path = route, element, api, granted = EDITOR_PATHS, language = 'en', server }: ScreenOptions) {
  installBrowserGaps();
  const requests: string[] = [];
  const rootStore = new RootStore({
    language,
    persistence: { get: () => 'jwt', set: () => undefined, remove: () => undefined },
    cookies: { get: () => undefined, set: () => undefined },
    adapter: fakeAdapter((config) => {
      const url = `${config.method?.toUpperCase()} ${config.url}`;
      requests.push(url);
      if (url === 'GET /meters/options') return { body: { code: 0, data: METERS, message: 'ok' } };
      const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined;
      return server?.(url, body) ?? { status: 404, body: { code: 40400, data: null, message: 'Not found' } };
    }),
  });
  rootStore.session.setRouters(routerRows(granted));
  const routes = (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>
  );
  const view = render(
    <AppProviders rootStore={rootStore} realtime={null}>
      {api ? <DisplaysApiProvider api={api}>{routes}</DisplaysApiProvider> : routes}
    </AppProviders>,
  );
  return { ...view, rootStore, requests };
}

/** The address after a navigation away from the screen. */
export const landedOn = async (): Promise<string> => (await screen.findByTestId('elsewhere')).textContent ?? '';
