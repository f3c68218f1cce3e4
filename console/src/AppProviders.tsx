import { App as AntApp, ConfigProvider } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RootStore } from '@shared/stores/rootStore';
import { ApiErrorFeedback } from './feedback/ApiErrorFeedback';
import { ANTD_LOCALES } from './i18n/antdLocales';
import { StoreProvider } from './stores/StoreContext';
import { ANTD_SIZES, consoleTheme } from './theme';
import { useScreenScale } from './layout/useScreenScale';
import { startRealtimeSession, type RealtimeConnector } from './session/realtimeSession';
import { siteStoreOf } from './session/siteStore';
import { useSiteAppearance } from './session/siteAppearance';

interface AppProvidersProps {
  rootStore: RootStore;
  children: ReactNode;
  /** What confirming the logout box does after the token reset; tests replace the page reload. */
  reload?: () => void;
  /** The realtime connection while signed in (alarm badges, home counters); tests without a server pass null. */
  realtime?: RealtimeConnector | null;
}

/** Everything a console screen expects above it: stores, catalogue, antd locale, theme colour and size, api feedback. */
export const AppProviders = observer(function AppProviders({ rootStore, children, reload, realtime = startRealtimeSession }: AppProvidersProps) {
  const { language, size } = rootStore.app;
  const { theme: themeColor } = rootStore.settings;
  const scale = useScreenScale();
  // The site's settings (/settings/superConfig): its default colour, favicon and default language.
  const site = siteStoreOf(rootStore);
  useSiteAppearance(
    rootStore,
    site.site,
    useCallback(() => site.load(), [site]),
  );
  const colour = site.themeColour(themeColor);
  const theme = useMemo(() => consoleTheme(colour), [colour]);
  useEffect(() => realtime?.(rootStore), [realtime, rootStore]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    // The whole console grows as one, as browser zoom would: antd, our CSS and the spec's px widths alike.
    document.documentElement.style.zoom = scale === 1 ? '' : String(scale);
  }, [scale]);

  return (
    <StoreProvider rootStore={rootStore}>
      <I18nextProvider i18n={rootStore.i18n}>
        <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme} componentSize={ANTD_SIZES[size]}>
          <AntApp>
            <ApiErrorFeedback {...(reload ? { reload } : {})} />
            {children}
          </AntApp>
        </ConfigProvider>
      </I18nextProvider>
    </StoreProvider>
  );
});
