import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The payment and bill screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const PREPAID_PAYMENT_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/pay/pay-record': { component: lazy(() => import('./PayRecordPage').then((m) => ({ default: m.PayRecordPage }))) },
  '/pay/bill-record': { component: lazy(() => import('./BillRecordPage').then((m) => ({ default: m.BillRecordPage }))) },
};
