// First: zod must be jitless before any schema parses (the pages' policy refuses eval).
import '@shared/csp/zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RootStore } from '@shared/stores/rootStore';
import { App } from './App';
import { adoptStartupToken } from './session/startupToken';

const rootStore = new RootStore();
// Collect runtime errors from the start for the navbar's error log.
rootStore.errorLog.listen(window);
const cleanedAddress = adoptStartupToken(rootStore.session, window.location.href, window.name);
if (cleanedAddress) window.history.replaceState(window.history.state, '', cleanedAddress);

const container = document.getElementById('root');
if (!container) throw new Error('console/index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App rootStore={rootStore} />
  </StrictMode>,
);

import.meta.hot?.dispose(() => rootStore.dispose());
