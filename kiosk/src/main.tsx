// First: zod must be jitless before any schema parses (the pages' policy refuses eval).
import '@shared/csp/zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createKioskI18n } from '@shared/i18n/kioskCatalogue';
import { currentLanguage } from '@shared/i18n/language';
import { KioskAppProvider } from './app/appContext';
import { exposeDebug } from './app/debug';
import { KioskApp } from './app/kioskApp';
import { KioskRoutes } from './KioskRoutes';
import { KioskTokens } from './session/kioskTokens';
import { readStartup } from './session/startupToken';
import { startWall } from './wall/startWall';

/** No antd here: a wall display should load fast and run light for weeks. Texts: the kiosk's own small catalogue, one language. */
const i18nReady = createKioskI18n(currentLanguage());

// Credentials leave the address bar before anything else reads it (history, Referer, the router).
const startup = readStartup(window.location.href, window.name);
if (startup.cleanPath !== null) window.history.replaceState(window.history.state, '', startup.cleanPath);

let storage: Storage | null;
try {
  storage = window.localStorage;
} catch {
  storage = null;
}
const bootBoard = /^\/dash\/([1-9]\d{0,9})$/.exec(window.location.pathname);
const app: KioskApp = new KioskApp({
  tokens: new KioskTokens(storage, undefined, (token) => app.renewToken(token)),
  ...(bootBoard ? { initialBoardId: Number(bootBoard[1]) } : {}),
});
void app.start(startup.credentials);
startWall(app);
exposeDebug(app);

const container = document.getElementById('root');
if (!container) throw new Error('kiosk/index.html has no #root element');
// The session request is already under way (app.start) while the texts load.
void i18nReady.then((i18n) => {
  document.documentElement.lang = i18n.language;
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <KioskAppProvider app={app}>
          <BrowserRouter>
            <KioskRoutes />
          </BrowserRouter>
        </KioskAppProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});
