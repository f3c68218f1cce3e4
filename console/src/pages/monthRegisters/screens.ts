import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The monthly meter register record (spread into console/src/routes/screenTable.ts). */
export const MONTH_REGISTER_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/settlement/power-month-record': { component: lazy(() => import('./MonthRegistersPage').then((m) => ({ default: m.MonthRegistersPage }))) },
};
