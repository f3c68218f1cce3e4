import type { Kysely } from 'kysely';
import type { RollupScope } from '@shared/schemas';
import type { Database } from '../../db/schema';

/** Display names of rollup scopes: meters as "code name", departments and sub-items by name. */
export async function scopeNames(db: Kysely<Database>, scope: RollupScope, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (scope === 'meter') {
    const rows = await db.selectFrom('meters').select(['id', 'code', 'name']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, `${r.code} ${r.name}`]));
  }
  const table = scope === 'department' ? 'departments' : 'subitems';
  const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
