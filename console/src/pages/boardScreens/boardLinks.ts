import { menuLink } from '@shared/permissions/permittedRoutes';
import { editorPath } from '../boards/editorRoute';

/** The purpose board screens by menu full path (shared/menu/menuTree.ts). */
export const ENERGY_BOARDS_SCREEN = '/board/energyGZ';
export const DATA_SHOW_LIST_SCREEN = '/payment-statistics/datashowboardlist';
export const DATA_SHOW_BOARD_SCREEN = '/payment-statistics/datashowboard/:dataShowBoardCode';

/** What the menu links the hidden data board route as (spec §2: dynamic segments become "all"). */
export const MENU_LINK_CODE = menuLink(DATA_SHOW_BOARD_SCREEN).split('/').pop() ?? 'all';

/** A data-show board opened by its code inside the console. */
export const dataShowBoardPath = (code: string): string => DATA_SHOW_BOARD_SCREEN.replace(':dataShowBoardCode', encodeURIComponent(code));

/** The board editor of settings/boardConfig, opened on one board (the board screen's own route). */
export const boardEditorPath = editorPath;
