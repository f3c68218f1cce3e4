import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/StoreContext';
import styles from './AppLayout.module.css';
import { Navbar } from './navbar/Navbar';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { Sidebar } from './sidebar/Sidebar';
import { useViewportDevice } from './useViewportDevice';

export interface AppLayoutProps {
  /** The tags bar of visited views (console/src/tags), shown when the tagsView setting is on. */
  tagsBar?: ReactNode;
  /** The current view. */
  children: ReactNode;
}

/** The console frame (spec §2 layout): sidebar, navbar, tags bar, view, settings drawer. */
export const AppLayout = observer(function AppLayout({ tagsBar, children }: AppLayoutProps) {
  const { app, settings } = useStores();
  const { t } = useTranslation();
  useViewportDevice(app);
  const overlayOpen = app.isMobile && app.sidebar.opened;
  const className = [styles.layout, app.sidebar.withoutAnimation ? styles.withoutAnimation : ''].filter(Boolean).join(' ');

  return (
    <div className={className} data-testid="app-layout" data-device={app.device}>
      {overlayOpen && (
        <div
          className={styles.backdrop}
          data-testid="sidebar-backdrop"
          role="button"
          tabIndex={-1}
          aria-label={t('navbar.closeSidebar')}
          onClick={() => app.closeSidebar()}
        />
      )}
      <Sidebar />
      <div className={styles.main}>
        <header className={settings.fixedHeader ? styles.fixedHeader : undefined} data-testid="layout-header">
          <Navbar />
          {settings.tagsView && <div data-testid="tags-bar-slot">{tagsBar}</div>}
        </header>
        <main className={styles.view}>{children}</main>
      </div>
      <SettingsDrawer />
    </div>
  );
});
