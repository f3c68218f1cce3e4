import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The tariffs screen by menu full path (spread into console/src/routes/screenTable.ts). */
export const TARIFFS_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/devices/peakvalley': { component: lazy(() => import('./TariffsPage').then((m) => ({ default: m.TariffsPage }))) },
};
