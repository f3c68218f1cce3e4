import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** Production equipment (spread into console/src/routes/screenTable.ts). */
export const PRODUCTION_DEVICE_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/energy-efficiency-management/production-device': {
    component: lazy(() => import('./ProductionDevicesPage').then((m) => ({ default: m.ProductionDevicesPage }))),
  },
};
