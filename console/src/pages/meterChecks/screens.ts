import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** Meter checks and repairs (spread into console/src/routes/screenTable.ts). */
export const METER_CHECK_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/settlement/checkRepair': { component: lazy(() => import('./MeterChecksPage').then((m) => ({ default: m.MeterChecksPage }))) },
};
