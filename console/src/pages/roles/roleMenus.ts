/** The screens this folder guards (shared/menu); buttons are `<screen>/<name>` entries (spec §6). */
export const ROLES_MENU = '/settings/roles';
/** The member filter offers the users the caller may list (GET /users needs this screen). */
export const USERS_MENU = '/settings/user';
