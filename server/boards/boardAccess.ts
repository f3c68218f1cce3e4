import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import type { AuthContext } from '../auth/authService';

/** Which boards a caller may read: every one, a fixed list (a display), or none. */
export type BoardScope = { kind: 'all' } | { kind: 'some'; boardIds: ReadonlySet<number> };

/** The parts of an AuthContext the rule reads, so tests can hand in a stand-in display. */
export type BoardViewer = Pick<AuthContext, 'display' | 'isAdmin' | 'permittedPaths'>;

const NONE: BoardScope = { kind: 'some', boardIds: new Set() };

/**
 * A display sees its own boards only (even when its owner is an admin); admins and holders of the board
 * screen see all; other users none until the users issue adds "visible data boards" (issue 7).
 */
export async function boardScope(viewer: BoardViewer): Promise<BoardScope> {
  if (viewer.display) return { kind: 'some', boardIds: new Set(viewer.display.boardIds) };
  if (viewer.isAdmin) return { kind: 'all' };
  return (await viewer.permittedPaths()).has(BOARD_CONFIG_SCREEN) ? { kind: 'all' } : NONE;
}

export const inScope = (scope: BoardScope, boardId: number): boolean => scope.kind === 'all' || scope.boardIds.has(boardId);
