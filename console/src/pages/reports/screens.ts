import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The report screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const REPORTS_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/report/reportConfig': { component: lazy(() => import('./ReportConfigPage').then((m) => ({ default: m.ReportConfigPage }))) },
  '/report/reportList': { component: lazy(() => import('./ReportListPage').then((m) => ({ default: m.ReportListPage }))) },
};
