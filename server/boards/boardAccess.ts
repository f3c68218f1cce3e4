import type { Kysely } from 'kysely';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import type { AuthContext } from '../auth/authService';
import type { Database } from '../db/schema';
import { inScope as inTree } from '../tenancy/ownerScope';

/** Which boards a caller may read: every one, a fixed list (a display), or none. */
export type BoardScope = { kind: 'all' } | { kind: 'some'; boardIds: ReadonlySet<number> };

/** The parts of an AuthContext the rule reads, so tests can hand in a stand-in display. */
export type BoardViewer = Pick<AuthContext, 'display' | 'isAdmin' | 'permittedPaths' | 'ownerScope'> & { user?: { id: number } };

const NONE: BoardScope = { kind: 'some', boardIds: new Set() };

/** The user dialog's "visible data boards" (user_boards). */
export async function visibleBoardIds(db: Pick<Kysely<Database>, 'selectFrom'>, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('user_boards').select('board_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.board_id));
}

/**
 * A display sees its own boards only (even when its owner is an admin); admins and holders of the board
 * screen see all; any other user the boards of its "visible data boards" (read from `db`; none without it).
 * One rule for the list, one board, and the live `board:<id>` channel. On top of it, every caller stays in
 * its user tree (`ownerScope`: a display reads with its owner's tree), see `maySeeBoard`.
 */
export async function boardScope(viewer: BoardViewer, db?: Pick<Kysely<Database>, 'selectFrom'>): Promise<BoardScope> {
  if (viewer.display) return { kind: 'some', boardIds: new Set(viewer.display.boardIds) };
  if (viewer.isAdmin) return { kind: 'all' };
  if ((await viewer.permittedPaths()).has(BOARD_CONFIG_SCREEN)) return { kind: 'all' };
  return db && viewer.user ? { kind: 'some', boardIds: await visibleBoardIds(db, viewer.user.id) } : NONE;
}

export const inScope = (scope: BoardScope, boardId: number): boolean => scope.kind === 'all' || scope.boardIds.has(boardId);

/** Whether the viewer may see this board: its board scope and its user tree both hold it. */
export async function maySeeBoard(
  viewer: BoardViewer,
  db: Pick<Kysely<Database>, 'selectFrom'>,
  board: { id: number; owner_user_id: number },
): Promise<boolean> {
  return inScope(await boardScope(viewer, db), board.id) && inTree(await viewer.ownerScope(), board.owner_user_id);
}
