import type { Kysely } from 'kysely';
import type { BoardNotShared } from '@shared/schemas/boards';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { UserRepository } from '../users/userRepository';
import { treeRootOf } from '../tenancy/ownerScope';

/**
 * FORBIDDEN for a board of the caller's own user tree that is not shared with it: it exists, and the
 * answer names who can share it (the tree's top-level account, which manages every user of the tree).
 * Only ever thrown after the tree check, so a caller outside the tree still reads KANBAN_NOT_FOUND and
 * learns nothing; the board's name is never told, only the id the caller already typed.
 */
export async function boardNotShared(db: Kysely<Database>, board: { id: number; owner_user_id: number }): Promise<AppError> {
  const owner = await new UserRepository(db).findById(board.owner_user_id);
  const root = owner ? await treeRootOf(db, owner) : undefined;
  const askUser = root ? { username: root.username, name: root.true_name || root.username } : null;
  const ask = askUser
    ? `Ask ${askUser.name} (${askUser.username}), who manages your user tree, to share it with you.`
    : 'Ask an administrator to share it with you.';
  const data: BoardNotShared = { boardId: board.id, askUser };
  return new AppError('FORBIDDEN', { message: `Board ${board.id} is not shared with you. ${ask}`, data });
}
