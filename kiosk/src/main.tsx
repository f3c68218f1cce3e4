import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createI18n } from '@shared/i18n/createI18n';
import { currentLanguage } from '@shared/i18n/language';
import { KioskRoutes } from './KioskRoutes';

/** No antd here: a wall display should load fast and run light for weeks. */
const i18n = createI18n(currentLanguage());
document.documentElement.lang = i18n.language;

const container = document.getElementById('root');
if (!container) throw new Error('kiosk/index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <KioskRoutes />
      </BrowserRouter>
    </I18nextProvider>
  </StrictMode>,
);
