import type { Kysely } from 'kysely';
import type { MeterRef } from '@shared/schemas';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';

/**
 * The few meter fields every read answer names; 404 when the meter does not exist or, given the
 * caller's `scope`, is in another user tree (answered exactly alike).
 */
export async function loadMeterRef(db: Kysely<Database>, meterId: number, scope?: OwnerScope): Promise<MeterRef> {
  const row = await db.selectFrom('meters').select(['id', 'code', 'name', 'energy_type', 'unit', 'owner_user_id']).where('id', '=', meterId).executeTakeFirst();
  if (!row || (scope && !inScope(scope, row.owner_user_id))) throw new AppError('NOT_FOUND', { message: `Meter ${meterId} does not exist` });
  return { id: row.id, code: row.code, name: row.name, energyType: row.energy_type, unit: row.unit };
}
