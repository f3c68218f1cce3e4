import { lazy } from 'react';
import { PRODUCTION_SCREENS } from '@shared/production/api';
import type { ScreenDef } from '../../routes/screenDef';

/** /energyLine/product-line and /energyLine/energy-board (spread into console/src/routes/screenTable.ts). */
export const PRODUCTION_CONSOLE_SCREENS: Readonly<Record<string, ScreenDef>> = {
  [PRODUCTION_SCREENS.line]: { component: lazy(() => import('./ProductLinePage').then((m) => ({ default: m.ProductLinePage }))) },
  [PRODUCTION_SCREENS.board]: { component: lazy(() => import('./EnergyBoardPage').then((m) => ({ default: m.EnergyBoardPage }))) },
};
