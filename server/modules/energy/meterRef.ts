import type { Kysely } from 'kysely';
import type { MeterRef } from '@shared/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';

/** The few meter fields every read answer names; 404 when the meter does not exist. */
export async function loadMeterRef(db: Kysely<Database>, meterId: number): Promise<MeterRef> {
  const row = await db.selectFrom('meters').select(['id', 'code', 'name', 'energy_type', 'unit']).where('id', '=', meterId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: `Meter ${meterId} does not exist` });
  return { id: row.id, code: row.code, name: row.name, energyType: row.energy_type, unit: row.unit };
}
