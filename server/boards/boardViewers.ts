import type { Kysely } from 'kysely';
import type { BoardViewers } from '@shared/schemas/boards';
import type { AuthContext } from '../auth/authService';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import { userTreeIds } from '../users/userTree';
import { usersOfOwnerTree } from './ownerTree';

/** The users the caller may name: everyone for admins, otherwise itself and its descendants. */
const manageable = (db: Kysely<Database>, auth: AuthContext): Promise<Set<number> | null> =>
  auth.isAdmin ? Promise.resolve(null) : userTreeIds(db, auth.user.id);

async function viewerIds(db: Kysely<Database>, boardId: number, within: Set<number> | null): Promise<number[]> {
  const rows = await db.selectFrom('user_boards').select('user_id').where('board_id', '=', boardId).orderBy('user_id').execute();
  return rows.map((row) => row.user_id).filter((id) => within === null || within.has(id));
}

/**
 * Who may see a board beyond the holders of the board screen (user_boards, the same rows as the user
 * dialog's "visible data boards"). A non-admin sees and replaces only the rows of its own user tree; rows
 * of other users (an admin gave them) stay as they are.
 */
export async function boardViewers(db: Kysely<Database>, auth: AuthContext, boardId: number): Promise<BoardViewers> {
  return { userIds: await viewerIds(db, boardId, await manageable(db, auth)) };
}

/**
 * Replaces the board's viewers; an id that is unknown, outside the caller's tree or outside the board's
 * own user tree (who could never see it) is VALIDATION_FAILED at `userIds.<index>`.
 */
export async function replaceBoardViewers(
  db: Kysely<Database>,
  auth: AuthContext,
  board: { id: number; owner_user_id: number },
  userIds: readonly number[],
): Promise<BoardViewers> {
  const boardId = board.id;
  const within = await manageable(db, auth);
  const requested = [...new Set(userIds)];
  const known = new Set(requested.length ? (await db.selectFrom('users').select('id').where('id', 'in', requested).execute()).map((row) => row.id) : []);
  const ofTree = await usersOfOwnerTree(db, board.owner_user_id, [...known]);
  // Outside the tree reads as unknown: a caller learns nothing about users it does not manage.
  const issues = userIds.flatMap((id, index) =>
    ofTree.has(id) && (within === null || within.has(id)) ? [] : [{ field: `userIds.${index}`, rule: 'exists', message: 'No user with this id' }],
  );
  if (issues.length > 0) throw validationError(issues);
  await db.transaction().execute(async (trx) => {
    let cleared = trx.deleteFrom('user_boards').where('board_id', '=', boardId);
    if (within !== null) cleared = cleared.where('user_id', 'in', [...within]);
    await cleared.execute();
    if (requested.length)
      await trx
        .insertInto('user_boards')
        .values(requested.map((user_id) => ({ user_id, board_id: boardId })))
        .execute();
  });
  return { userIds: await viewerIds(db, boardId, within) };
}
