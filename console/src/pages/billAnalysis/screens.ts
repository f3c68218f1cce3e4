import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** Utility-bill PDF analysis (spread into console/src/routes/screenTable.ts). */
export const BILL_ANALYSIS_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/settings/analyzePdf': { component: lazy(() => import('./BillAnalysisPage').then((m) => ({ default: m.BillAnalysisPage }))) },
};
