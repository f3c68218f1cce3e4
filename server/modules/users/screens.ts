import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import type { Access } from '../../http/access';

/** The user screen (spec §2 /settings/user) and its button entries (spec §6: screen path + '/' + button). */
export const USER_SCREEN = '/settings/user';

export const userButton = (name: 'add' | 'edit' | 'delete' | 'password'): Access => ({ permission: `${USER_SCREEN}/${name}` });

/** The dialog's "visible display areas" choices are read by the user screen and the board screen. */
export const DISPLAY_AREA_READERS: Access = { anyOf: [USER_SCREEN, BOARD_CONFIG_SCREEN] };
