import type { BoardPurpose } from '@shared/board/document';
import { EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import { DATA_SHOW_LIST_SCREEN, ENERGY_BOARDS_SCREEN } from './boardLinks';

/** The purposes that have a list screen of their own ('general' boards live in settings/boardConfig). */
export type ListedPurpose = Exclude<BoardPurpose, 'general'>;

/** What differs between the purpose lists: the rest is one component (PurposeBoardList). */
export interface PurposeScreen {
  purpose: ListedPurpose;
  /** The menu full path of the list. */
  screen: string;
  /** A new board of this purpose needs a code (data-show boards are opened by it). */
  needsCode: boolean;
  /** A new board of this purpose is about one meter. */
  needsMeter: boolean;
}

export const PURPOSE_SCREENS: Readonly<Record<ListedPurpose, PurposeScreen>> = {
  energy: { purpose: 'energy', screen: ENERGY_BOARDS_SCREEN, needsCode: false, needsMeter: false },
  'data-show': { purpose: 'data-show', screen: DATA_SHOW_LIST_SCREEN, needsCode: true, needsMeter: false },
  equipment: { purpose: 'equipment', screen: EQUIPMENT_BOARD_SCREEN, needsCode: false, needsMeter: true },
};

/** The catalogue block of a purpose (`boardScreens.purposes.<purpose>.*`). */
export const purposeText = (purpose: ListedPurpose, key: 'title' | 'intro' | 'newBoard' | 'empty'): string => `boardScreens.purposes.${purpose}.${key}`;
