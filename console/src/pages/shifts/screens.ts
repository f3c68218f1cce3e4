import { lazy } from 'react';
import { SHIFT_SCREEN } from '@shared/schemas/shifts';
import type { ScreenDef } from '../../routes/screenDef';

/** /devices/shift (spread into console/src/routes/screenTable.ts). */
export const SHIFT_SCREENS: Readonly<Record<string, ScreenDef>> = {
  [SHIFT_SCREEN]: { component: lazy(() => import('./ShiftsPage').then((m) => ({ default: m.ShiftsPage }))) },
};
