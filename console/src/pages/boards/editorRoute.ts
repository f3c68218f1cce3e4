import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';

/** The editor's address: the board screen with `?edit=<id>`. */
export const editorPath = (boardId: number): string => `${BOARD_CONFIG_SCREEN}?edit=${boardId}`;

/** The board id in `?edit=<id>`, or null for the tabs (a missing, zero or non-numeric id alike). */
export function editedBoardId(search: string): number | null {
  const raw = new URLSearchParams(search).get('edit');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
