import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The web service screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const WEB_SERVICE_SCREENS: Readonly<Record<string, { component: LazyExoticComponent<ComponentType> }>> = {
  '/settings/webServiceConfig': { component: lazy(() => import('./WebServiceConfigPage').then((m) => ({ default: m.WebServiceConfigPage }))) },
  // Forwarding calls and the push providers' calls (the pushes' own list, in a tab).
  '/msg/webServiceRecord': { component: lazy(() => import('./WebServiceRecordsPage').then((m) => ({ default: m.WebServiceRecordsPage }))) },
};
