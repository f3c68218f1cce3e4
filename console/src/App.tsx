import { BrowserRouter } from 'react-router-dom';
import type { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './routes/AppRoutes';
import { LinkLoginGate } from './session/LinkLoginGate';

export function App({ rootStore }: { rootStore: RootStore }) {
  return (
    <AppProviders rootStore={rootStore}>
      <BrowserRouter>
        <LinkLoginGate>
          <AppRoutes />
        </LinkLoginGate>
      </BrowserRouter>
    </AppProviders>
  );
}
