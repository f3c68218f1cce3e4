import type { Access } from '../../http/access';

/** The role screen (spec §2 /settings/roles) and its buttons (spec §6: screen path + '/' + button). */
export const ROLE_SCREEN = '/settings/roles';
/** The user dialog offers roles too (spec §6: the type-1 roles that contain the current user). */
export const ROLE_READERS: Access = { anyOf: [ROLE_SCREEN, '/settings/user'] };

export const roleButton = (name: 'add' | 'edit' | 'delete' | 'auth'): Access => ({ permission: `${ROLE_SCREEN}/${name}` });
