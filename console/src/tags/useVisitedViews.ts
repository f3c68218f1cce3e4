import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { ScreenRoute } from '../routes/screenRoutes';
import { useDocumentTitle } from '../routes/useDocumentTitle';
import { useStores } from '../stores/StoreContext';

/**
 * Records the views the user opens in the tags store: the affix ones (the dashboard) first, then
 * each screen once per path. Also titles the document, as cached screens do not remount.
 */
export function useVisitedViews(routes: readonly ScreenRoute[], screen: ScreenRoute | undefined): void {
  const { tagsView } = useStores();
  const { pathname, search } = useLocation();
  const view = screen && !screen.redirectTo ? screen : undefined;
  useDocumentTitle(view?.title);

  useEffect(() => {
    for (const route of routes) {
      if (route.affix && !route.path.includes(':')) {
        tagsView.addView({ path: route.path, title: route.title, affix: true, noCache: route.noCache });
      }
    }
  }, [routes, tagsView]);

  useEffect(() => {
    if (!view) return;
    tagsView.addView({ path: pathname, fullPath: pathname + search, title: view.title, affix: view.affix, noCache: view.noCache });
  }, [view, pathname, search, tagsView]);
}
