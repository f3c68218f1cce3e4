import type { Kysely } from 'kysely';
import type { ComparisonObjectType, ImportedSpan } from '@shared/powerComparison';
import type { Database } from '../db/schema';
import { metersCountedFor } from '../shifts/shiftEnergy';
import { COMPARED_ENERGY_TYPE } from './meteredEnergy';

/**
 * The imported power rows (kWh over [start, end)) that count for an object and overlap [from, to). A meter: the rows
 * imported for it. A department: the rows imported for the department itself plus those imported for the meters
 * its metered figure counts (metersCountedFor), so both sides cover the same meters. Rows of an undone import are
 * gone (the undo deletes them).
 */
export async function importedSpans(
  db: Kysely<Database>,
  type: ComparisonObjectType,
  id: number,
  from: number,
  to: number,
  owners: readonly number[] | null,
): Promise<ImportedSpan[]> {
  const meterIds = type === 'meter' ? [id] : await metersCountedFor(db, id, COMPARED_ENERGY_TYPE);
  let query = db
    .selectFrom('imported_power')
    .select(['period_start', 'period_end', 'kwh'])
    .where((eb) =>
      eb.or([
        ...(type === 'department' ? [eb.and([eb('object_kind', '=', 'department'), eb('object_id', '=', id)])] : []),
        ...(meterIds.length ? [eb.and([eb('object_kind', '=', 'meter'), eb('object_id', 'in', meterIds)])] : []),
      ]),
    )
    .where('period_start', '<', to)
    .where('period_end', '>=', from);
  if (owners) query = query.where('owner_user_id', 'in', [...owners]);
  const rows = await query.execute();
  return rows.map((row) => ({ start: Number(row.period_start), end: Number(row.period_end), value: Number(row.kwh) }));
}
