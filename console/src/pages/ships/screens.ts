import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** Ships: fleet CII ratings, a ship's rating, voyages with EEOI and fuel (spread into console/src/routes/screenTable.ts). */
export const SHIPS_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/energy-efficiency-management/ship-energy-consumption': {
    component: lazy(() => import('./ShipsPage').then((m) => ({ default: m.ShipsPage }))),
  },
};
