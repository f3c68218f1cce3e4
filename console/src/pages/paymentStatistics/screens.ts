import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The payment statistics screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const PAYMENT_STATISTICS_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/payment-statistics/consumption-statistics': { component: lazy(() => import('./ConsumptionStatsPage').then((m) => ({ default: m.ConsumptionStatsPage }))) },
  '/payment-statistics/charging-statistics': { component: lazy(() => import('./ChargingStatsPage').then((m) => ({ default: m.ChargingStatsPage }))) },
  '/payment-statistics/reconciliation': { component: lazy(() => import('./ReconciliationPage').then((m) => ({ default: m.ReconciliationPage }))) },
  '/payment-statistics/billrecord-statistics': { component: lazy(() => import('./BillStatsPage').then((m) => ({ default: m.BillStatsPage }))) },
};
