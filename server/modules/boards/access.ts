import { BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';

/** Boards of one user tree: a board id in the path outside the caller's tree is KANBAN_NOT_FOUND (server/tenancy). */
const boards = { kind: 'boards' } as const;

/** Walls (display tokens) and signed-in users read; the board screen writes. */
export const read = { access: 'user', displays: true, tenancy: boards } as const;
export const write = { access: { permission: BOARD_CONFIG_SCREEN }, tenancy: boards };
/** Playlists belong to a tree too; the board screen manages them. */
export const playlists = { access: { permission: BOARD_CONFIG_SCREEN }, tenancy: { kind: 'playlists' } as const };

/** base/equipmentBoard submits for review, base/equipmentBoardCheck decides; both read the review list. */
export const submitReview = { access: { permission: EQUIPMENT_BOARD_SCREEN }, tenancy: boards };
export const decideReview = { access: { permission: EQUIPMENT_BOARD_CHECK_SCREEN }, tenancy: boards };
export const readReviews = { access: { anyOf: [EQUIPMENT_BOARD_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN] }, tenancy: boards };
