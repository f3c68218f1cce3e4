import { lazy } from 'react';
import { COMPARISON_SCREEN } from '@shared/powerComparison';
import type { ScreenDef } from '../../routes/screenDef';

/** /power-comparison/power-data-comparison (spread into console/src/routes/screenTable.ts). */
export const POWER_COMPARISON_SCREENS: Readonly<Record<string, ScreenDef>> = {
  [COMPARISON_SCREEN]: { component: lazy(() => import('./PowerComparisonPage').then((m) => ({ default: m.PowerComparisonPage }))) },
};
