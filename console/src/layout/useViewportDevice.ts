import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { AppStore } from '@shared/stores/appStore';

/**
 * Keeps app.device in step with the window width (spec §2: mobile below 992 px), before the first
 * paint so a phone never flashes the open sidebar. In mobile mode, going somewhere closes the sidebar.
 */
export function useViewportDevice(app: AppStore): void {
  useLayoutEffect(() => {
    const sync = () => {
      if (!document.hidden) app.syncViewport(window.innerWidth);
    };
    sync();
    window.addEventListener('resize', sync);
    return () => window.removeEventListener('resize', sync);
  }, [app]);

  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (app.isMobile && app.sidebar.opened) app.closeSidebar();
  }, [app, pathname]);
}
