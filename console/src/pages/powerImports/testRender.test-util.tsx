import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fakeAdapter } from '@shared/api/fakeAdapter.test-util';
import type { Language } from '@shared/i18n/language';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../../AppProviders';
import { installBrowserGaps } from '../../testing/renderConsole.test-util';

/** One component of the import screens inside the console's providers (catalogues, antd), no server. */
export function renderInProviders(node: ReactNode, language: Language = 'en') {
  installBrowserGaps();
  const rootStore = new RootStore({
    language,
    persistence: { get: () => undefined, set: () => undefined, remove: () => undefined },
    adapter: fakeAdapter(() => ({ status: 404, body: { code: 40400, data: null, message: 'Not found' } })),
  });
  return render(
    <AppProviders rootStore={rootStore} realtime={null}>
      {node}
    </AppProviders>,
  );
}
