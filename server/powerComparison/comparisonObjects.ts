import type { Kysely } from 'kysely';
import type { ComparisonObject, ComparisonObjectType } from '@shared/powerComparison';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';

/** A meter or department with its owner, or undefined when there is none with that id. */
export async function loadObject(
  db: Kysely<Database>,
  type: ComparisonObjectType,
  id: number,
): Promise<(ComparisonObject & { ownerUserId: number }) | undefined> {
  const row =
    type === 'meter'
      ? await db.selectFrom('meters').select(['id', 'code', 'name', 'owner_user_id']).where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('departments').select(['id', 'code', 'name', 'owner_user_id']).where('id', '=', id).executeTakeFirst();
  return row ? { type, id: row.id, code: row.code || null, name: row.name, ownerUserId: row.owner_user_id } : undefined;
}

/** The object, when it is in the caller's tree; else 40000 `objectId: No meter with id 9` (another tree's is unknown). */
export async function objectInScope(db: Kysely<Database>, scope: OwnerScope, type: ComparisonObjectType, id: number) {
  const object = await loadObject(db, type, id);
  if (!object || !inScope(scope, object.ownerUserId)) throw validationError([{ field: 'objectId', rule: 'custom', message: `No ${type} with id ${id}` }]);
  return object;
}
