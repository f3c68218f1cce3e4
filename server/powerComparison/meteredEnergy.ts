import type { Kysely } from 'kysely';
import type { ComparisonGrain, ComparisonObjectType } from '@shared/powerComparison';
import type { Database } from '../db/schema';
import { RollupReader } from '../energy/rollupReader';

/** Imported power is electricity: the metered side reads electricity. */
export const COMPARED_ENERGY_TYPE = 'electricity';

/**
 * Metered kWh per period key of one meter or department, from the rollups ingest keeps of the stored 15-minute
 * intervals (local hours, days, months in TIME_ZONE). A department's rollup counts its meters exactly as its
 * figures everywhere else do (server/ingest/departmentContributions.ts: its main meter when it has one, else its
 * own and its sub-departments' meters), so no meter is summed twice here.
 */
export async function meteredByPeriod(
  db: Kysely<Database>,
  type: ComparisonObjectType,
  id: number,
  grain: ComparisonGrain,
  firstKey: string,
  lastKey: string,
): Promise<Map<string, number>> {
  const totals = await new RollupReader(db).byPeriod(type, [id], COMPARED_ENERGY_TYPE, grain, firstKey, lastKey);
  return totals.get(id) ?? new Map();
}
