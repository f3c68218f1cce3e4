import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fakeAdapter } from '@shared/api/fakeAdapter.test-util';
import type { Language } from '@shared/i18n/language';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../../../../AppProviders';
import { installBrowserGaps } from '../../../../testing/renderConsole.test-util';

configure({ asyncUtilTimeout: 5000 });

/** The resource option lists a signed-in user may see, as GET /<list>/options answers them. */
export const RESOURCE_OPTIONS: Record<string, unknown[]> = {
  '/meters/options': [
    { id: 11, name: 'M011 Line 1 press' },
    { id: 12, name: 'M012 Boiler feed pump' },
  ],
  '/departments/options': [
    { id: 1, name: 'Plant', parentId: null },
    { id: 2, name: 'Press shop', parentId: 1 },
    { id: 3, name: 'Offices', parentId: null },
  ],
  '/subitems/options': [
    { id: 21, name: 'Lighting' },
    { id: 22, name: 'Air conditioning' },
  ],
};

/** A component inside the console's providers (catalogue, antd, stores) on a fake server that logs each request. */
export function renderInConsole(node: ReactNode, language: Language = 'en') {
  installBrowserGaps();
  const requests: string[] = [];
  const rootStore = new RootStore({
    language,
    persistence: { get: () => 'jwt', set: () => undefined, remove: () => undefined },
    adapter: fakeAdapter((config) => {
      requests.push(`${config.method?.toUpperCase()} ${config.url}`);
      const data = RESOURCE_OPTIONS[config.url ?? ''];
      return data ? { body: { code: 0, data, message: 'ok' } } : { status: 404, body: { code: 40400, data: null, message: 'Not found' } };
    }),
  });
  const view = render(
    <AppProviders rootStore={rootStore} realtime={null}>
      {node}
    </AppProviders>,
  );
  return {
    ...view,
    rootStore,
    requests,
    rerenderInConsole: (next: ReactNode) =>
      view.rerender(
        <AppProviders rootStore={rootStore} realtime={null}>
          {next}
        </AppProviders>,
      ),
  };
}

/** Opens an antd Select (or TreeSelect) by its test id and clicks the option with this title. */
export async function choose(testId: string, title: string): Promise<void> {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within((select.closest('.ant-select') as HTMLElement) ?? select).getByRole('combobox'));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options.at(-1)!);
}
