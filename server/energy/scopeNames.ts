import type { Kysely } from 'kysely';
import type { RollupScope } from '@shared/schemas';
import type { Database } from '../db/schema';

/**
 * Display names of rollup scopes: meters as "code name", departments and sub-items by name. With
 * `owners` (a tree), objects of other trees are left out, as if they did not exist.
 */
export async function scopeNames(
  db: Kysely<Database>,
  scope: RollupScope,
  ids: readonly number[],
  owners: number[] | null = null,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (scope === 'meter') {
    let select = db
      .selectFrom('meters')
      .select(['id', 'code', 'name'])
      .where('id', 'in', [...ids]);
    if (owners) select = select.where('owner_user_id', 'in', owners);
    const rows = await select.execute();
    return new Map(rows.map((r) => [r.id, `${r.code} ${r.name}`]));
  }
  const table = scope === 'department' ? 'departments' : 'subitems';
  let select = db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('id', 'in', [...ids]);
  if (owners) select = select.where('owner_user_id', 'in', owners);
  const rows = await select.execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
