import type { Access } from '../../http/access';

/** The menu editor (spec §2 /settings/router) and its buttons (spec §6: screen path + '/' + button). */
export const MENU_SCREEN = '/settings/router';

export const menuButton = (name: 'add' | 'edit' | 'delete'): Access => ({ permission: `${MENU_SCREEN}/${name}` });
