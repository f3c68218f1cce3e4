import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { AppError } from '../http/appError';
import { grantable, outsideTree, visibleBoardIds, visibleDisplayAreaIds } from './visibility';
import { ownerScopeOfUser, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';

async function unknownIds(db: Kysely<Database>, table: 'boards' | 'display_areas', ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((r) => r.id),
  );
  return ids.filter((id) => !found.has(id));
}

const within = (allowed: Set<number> | 'all', kept: Set<number>, ids: readonly number[]) =>
  allowed === 'all' || ids.every((id) => allowed.has(id) || kept.has(id));

/**
 * The dialog's visible boards and display areas must exist, and a non-admin may hand out only what it sees
 * itself; what the edited user already has may stay (an admin may have given it).
 */
export async function assertVisibilityGrant(
  db: Kysely<Database>,
  auth: AuthContext,
  selection: { boardIds: readonly number[]; displayAreaIds: readonly number[]; type?: number | undefined },
  targetId: number | null,
): Promise<void> {
  // The edited user's tree. A new user is made under the caller: a sub-user joins the caller's tree, a new
  // top-level account starts a tree of its own that holds nothing yet.
  const tree: OwnerScope =
    targetId !== null
      ? await ownerScopeOfUser(db, targetId)
      : selection.type === 0
        ? { all: false, home: 0, owners: new Set() }
        : await ownerTreeOf(db, auth.user.id);
  const outside = await outsideTree(db, tree, selection);
  // Another tree's object reads as unknown, like one that does not exist.
  const issues = [
    ...[...new Set([...(await unknownIds(db, 'boards', selection.boardIds)), ...outside.boardIds])].map((id) => ({
      field: 'boardIds',
      rule: 'unknown',
      message: `Unknown board ${id}`,
    })),
    ...[...new Set([...(await unknownIds(db, 'display_areas', selection.displayAreaIds)), ...outside.displayAreaIds])].map((id) => ({
      field: 'displayAreaIds',
      rule: 'unknown',
      message: `Unknown display area ${id}`,
    })),
  ];
  const first = issues[0];
  if (first) throw new AppError('VALIDATION_FAILED', { message: `${first.field}: ${first.message}`, data: { issues } });
  const allowed = await grantable(db, auth);
  const keptBoards = targetId === null ? new Set<number>() : await visibleBoardIds(db, targetId);
  const keptAreas = targetId === null ? new Set<number>() : await visibleDisplayAreaIds(db, targetId);
  if (!within(allowed.boards, keptBoards, selection.boardIds) || !within(allowed.displayAreas, keptAreas, selection.displayAreaIds)) {
    throw new AppError('FORBIDDEN', { message: 'You may only give boards and display areas you see yourself' });
  }
}
