import { lazy } from 'react';
import { EQUIPMENT_BOARD_CHECK_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import type { ScreenDef } from '../../routes/screenDef';
import { DATA_SHOW_BOARD_SCREEN, DATA_SHOW_LIST_SCREEN, ENERGY_BOARDS_SCREEN } from './boardLinks';

/** The purpose board screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const BOARD_LIST_SCREENS: Readonly<Record<string, ScreenDef>> = {
  [ENERGY_BOARDS_SCREEN]: { component: lazy(() => import('./EnergyBoardsPage').then((m) => ({ default: m.EnergyBoardsPage }))) },
  [DATA_SHOW_LIST_SCREEN]: { component: lazy(() => import('./DataShowBoardsPage').then((m) => ({ default: m.DataShowBoardsPage }))) },
  // Not cached: a hidden tag would keep a whole kiosk runtime (socket, timers) alive in its frame.
  [DATA_SHOW_BOARD_SCREEN]: { component: lazy(() => import('./DataShowBoardPage').then((m) => ({ default: m.DataShowBoardPage }))), noCache: true },
  [EQUIPMENT_BOARD_SCREEN]: { component: lazy(() => import('./EquipmentBoardsPage').then((m) => ({ default: m.EquipmentBoardsPage }))) },
  [EQUIPMENT_BOARD_CHECK_SCREEN]: { component: lazy(() => import('./EquipmentReviewPage').then((m) => ({ default: m.EquipmentReviewPage }))) },
};
