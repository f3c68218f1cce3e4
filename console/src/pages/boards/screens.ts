import { lazy } from 'react';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import type { ScreenDef } from '../../routes/screenDef';

/** The boards screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const BOARDS_SCREENS: Readonly<Record<string, ScreenDef>> = {
  [BOARD_CONFIG_SCREEN]: { component: lazy(() => import('./BoardConfigPage').then((m) => ({ default: m.BoardConfigPage }))) },
};
