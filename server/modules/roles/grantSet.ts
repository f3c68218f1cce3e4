import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';

/**
 * The entries a role ends up holding for a requested list: each requested entry plus its ancestors,
 * since a screen is only reachable through its group (a granted button implies its screen and group).
 */
export async function withAncestors(db: Kysely<Database>, routerIds: readonly number[]): Promise<number[]> {
  const rows = await db.selectFrom('routers').select(['id', 'parent_id']).execute();
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const unknown = [...new Set(routerIds)].filter((id) => !parentOf.has(id));
  if (unknown.length > 0) {
    const message = `routerIds: no such menu entry: ${unknown.join(', ')}`;
    throw new AppError('VALIDATION_FAILED', { message, data: { issues: [{ field: 'body.routerIds', rule: 'exists', message }] } });
  }
  const result = new Set<number>();
  for (const id of routerIds) {
    // A parent_id cycle cannot loop forever: a visited entry stops the walk.
    for (let at: number | null | undefined = id; at != null && !result.has(at); at = parentOf.get(at)) result.add(at);
  }
  return [...result].sort((a, b) => a - b);
}
