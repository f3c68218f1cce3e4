import { useEffect, useState } from 'react';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import { useStores } from '../../stores/StoreContext';
import { useDisplaysApi } from '../boards/useDisplaysApi';
import { useMeterChoices, type MeterChoices } from './MeterChoices';
import { PurposeBoardsController } from './PurposeBoardsController';
import type { PurposeScreen } from './purposes';

/** What a purpose list screen works with; the thin pages add their own columns and row actions to it. */
export interface PurposeBoards {
  screen: PurposeScreen;
  boards: PurposeBoardsController;
  meters: MeterChoices;
}

/** The purpose's boards (and the meter names when the purpose is about meters), loaded on mount. */
export function usePurposeBoards(screen: PurposeScreen): PurposeBoards {
  const api = useDisplaysApi();
  const [boards] = useState(() => new PurposeBoardsController(api, screen.purpose));
  const meters = useMeterChoices();
  useEffect(() => {
    void boards.load();
    if (screen.needsMeter) void meters.load();
  }, [boards, meters, screen.needsMeter]);
  return { screen, boards, meters };
}

/** Spec §6 courtesy: Edit and New show only to those who may open the board editor (the server checks anyway). */
export function useCanEditBoards(): boolean {
  return useStores().permission.hasRoute(BOARD_CONFIG_SCREEN);
}
