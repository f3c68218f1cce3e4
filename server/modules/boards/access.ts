import { BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';

/** Walls (display tokens) and signed-in users read; the board screen writes. */
export const read = { access: 'user', displays: true } as const;
export const write = { access: { permission: BOARD_CONFIG_SCREEN } };

/** base/equipmentBoard submits for review, base/equipmentBoardCheck decides; both read the review list. */
export const submitReview = { access: { permission: EQUIPMENT_BOARD_SCREEN } };
export const decideReview = { access: { permission: EQUIPMENT_BOARD_CHECK_SCREEN } };
export const readReviews = { access: { anyOf: [EQUIPMENT_BOARD_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN] } };
