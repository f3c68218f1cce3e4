import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The settlement screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const SETTLEMENT_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/settlement/energy': { component: lazy(() => import('./SettlementPage').then((m) => ({ default: m.SettlementEnergyPage }))) },
  '/settlement/energyDevice': { component: lazy(() => import('./SettlementPage').then((m) => ({ default: m.SettlementDevicePage }))) },
  '/settlement/energy-export': { component: lazy(() => import('./SettlementExportPage').then((m) => ({ default: m.SettlementExportPage }))) },
};
