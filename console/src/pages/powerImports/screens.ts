import { lazy } from 'react';
import { FUEL_IMPORT_SCREEN, POWER_IMPORT_SCREEN } from '@shared/powerImports/constants';
import type { ScreenDef } from '../../routes/screenDef';

/** The power and the oil/hydrogen import screens (spread into console/src/routes/screenTable.ts). */
export const POWER_IMPORT_SCREENS: Readonly<Record<string, ScreenDef>> = {
  [POWER_IMPORT_SCREEN]: { component: lazy(() => import('./PowerImportPage').then((m) => ({ default: m.PowerImportPage }))) },
  [FUEL_IMPORT_SCREEN]: { component: lazy(() => import('./FuelImportPage').then((m) => ({ default: m.FuelImportPage }))) },
};
