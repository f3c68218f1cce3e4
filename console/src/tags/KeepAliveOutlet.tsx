import { observer } from 'mobx-react-lite';
import { Suspense, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { Spin } from 'antd';
import { useCurrentScreen, useScreenRoutes } from '../routes/useScreenRoutes';
import { useStores } from '../stores/StoreContext';
import { useVisitedViews } from './useVisitedViews';

const HIDDEN = { display: 'none' } as const;
const LOADING = <Spin style={{ display: 'block', margin: '48px auto' }} />;

/**
 * Renders the current route's element and keeps the cached views (tagsView.cachedViews) mounted
 * but hidden, so they keep their state (typed text, scroll, filters) when revisited. A noCache
 * view, a redirect or a view whose tag was closed unmounts when the user moves on.
 */
export const KeepAliveOutlet = observer(function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { tagsView } = useStores();
  const routes = useScreenRoutes();
  const screen = useCurrentScreen();
  useVisitedViews(routes, screen);
  const elements = useRef(new Map<string, ReactNode>());

  const cacheCurrent = Boolean(screen && !screen.redirectTo && !screen.noCache);
  if (cacheCurrent) elements.current.set(pathname, outlet);
  // The current view takes its place at the end before the store has recorded it, so adding it
  // to cachedViews afterwards keeps its key and position: no remount.
  const keys = tagsView.cachedViews.filter((path) => elements.current.has(path));
  if (cacheCurrent && !keys.includes(pathname)) keys.push(pathname);
  for (const path of elements.current.keys()) if (!keys.includes(path)) elements.current.delete(path);

  return (
    <>
      {keys.map((path) => (
        <div key={`cached:${path}`} data-view={path} style={path === pathname ? undefined : HIDDEN}>
          <Suspense fallback={LOADING}>{elements.current.get(path)}</Suspense>
        </div>
      ))}
      {!cacheCurrent && (
        <div key={`live:${pathname}`} data-view={pathname}>
          <Suspense fallback={LOADING}>{outlet}</Suspense>
        </div>
      )}
    </>
  );
});
