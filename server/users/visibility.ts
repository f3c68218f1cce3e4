import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { boardScope, visibleBoardIds } from '../boards/boardAccess';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

type Db = Kysely<Database> | Transaction<Database>;

export { visibleBoardIds };

/** The user dialog's "visible display areas" (user_display_areas). */
export async function visibleDisplayAreaIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('user_display_areas').select('display_area_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.display_area_id));
}

/** Both lists for many users at once (the user list), keyed by user id. */
export async function visibilityOf(db: Db, userIds: number[]): Promise<Map<number, { boardIds: number[]; displayAreaIds: number[] }>> {
  const result = new Map(userIds.map((id) => [id, { boardIds: [] as number[], displayAreaIds: [] as number[] }]));
  if (userIds.length === 0) return result;
  const boards = await db.selectFrom('user_boards').select(['user_id', 'board_id']).where('user_id', 'in', userIds).orderBy('board_id').execute();
  const areas = await db
    .selectFrom('user_display_areas')
    .select(['user_id', 'display_area_id'])
    .where('user_id', 'in', userIds)
    .orderBy('display_area_id')
    .execute();
  for (const row of boards) result.get(row.user_id)?.boardIds.push(row.board_id);
  for (const row of areas) result.get(row.user_id)?.displayAreaIds.push(row.display_area_id);
  return result;
}

/**
 * What a caller may hand out in the dialog: everything for admins (and every board for holders of the
 * board screen, who see them all); otherwise only what it sees itself, so a parent never widens a child's view beyond its own.
 */
export async function grantable(db: Db, auth: AuthContext): Promise<{ boards: Set<number> | 'all'; displayAreas: Set<number> | 'all' }> {
  if (auth.isAdmin) return { boards: 'all', displayAreas: 'all' };
  const boards = (await boardScope(auth)).kind === 'all' ? 'all' : await visibleBoardIds(db, auth.user.id);
  return { boards, displayAreas: await visibleDisplayAreaIds(db, auth.user.id) };
}

/** Replaces a user's visible boards and display areas with the dialog's selection. */
export async function replaceVisibility(db: Db, userId: number, boardIds: readonly number[], displayAreaIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_boards').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_display_areas').where('user_id', '=', userId).execute();
  const boards = [...new Set(boardIds)];
  const areas = [...new Set(displayAreaIds)];
  if (boards.length)
    await db
      .insertInto('user_boards')
      .values(boards.map((board_id) => ({ user_id: userId, board_id })))
      .execute();
  if (areas.length)
    await db
      .insertInto('user_display_areas')
      .values(areas.map((display_area_id) => ({ user_id: userId, display_area_id })))
      .execute();
}

/**
 * Those of the selected boards and display areas that are not objects of `tree` (the tree of the user
 * being given them): a user may be given only what its own tree holds, whoever gives it.
 */
export async function outsideTree(
  db: Db,
  tree: OwnerScope,
  selection: { boardIds: readonly number[]; displayAreaIds: readonly number[] },
): Promise<{ boardIds: number[]; displayAreaIds: number[] }> {
  const owners = ownerIds(tree);
  if (owners === null) return { boardIds: [], displayAreaIds: [] };
  const inTree = async (table: 'boards' | 'display_areas', ids: readonly number[]) => {
    if (ids.length === 0 || owners.length === 0) return new Set<number>();
    return new Set(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('id', 'in', [...ids])
          .where('owner_user_id', 'in', owners)
          .execute()
      ).map((row) => row.id),
    );
  };
  const boards = await inTree('boards', selection.boardIds);
  const areas = await inTree('display_areas', selection.displayAreaIds);
  return { boardIds: selection.boardIds.filter((id) => !boards.has(id)), displayAreaIds: selection.displayAreaIds.filter((id) => !areas.has(id)) };
}
