import type { Kysely } from 'kysely';
import type { RollupGrain, RollupScope } from '@shared/schemas';
import type { Database } from '../db/schema';

export type RollupTotals = Map<number, Map<string, number>>;

/**
 * Reads the rollups the ingest path maintains. Every query is an index range on the table's key
 * (scope, scope_id, energy_type, grain, period): what keeps year-long reads within milliseconds.
 */
export class RollupReader {
  constructor(private readonly db: Kysely<Database>) {}

  /** scopeId → period → energy, for the periods from `first` to `last` (keys compare as text). */
  async byPeriod(scope: RollupScope, ids: readonly number[], energyType: string, grain: RollupGrain, first: string, last: string): Promise<RollupTotals> {
    const result: RollupTotals = new Map(ids.map((id) => [id, new Map<string, number>()]));
    if (ids.length === 0) return result;
    const rows = await this.db
      .selectFrom('energy_rollups')
      .select(['scope_id', 'period', 'energy'])
      .where('scope', '=', scope)
      .where('scope_id', 'in', [...ids])
      .where('energy_type', '=', energyType)
      .where('grain', '=', grain)
      .where('period', '>=', first)
      .where('period', '<=', last)
      .execute();
    for (const row of rows) result.get(row.scope_id)?.set(row.period, row.energy);
    return result;
  }

  /** scopeId → total energy over the periods from `first` to `last`. */
  async totals(scope: RollupScope, ids: readonly number[], energyType: string, grain: RollupGrain, first: string, last: string): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('energy_rollups')
      .select(['scope_id', (eb) => eb.fn.sum<number>('energy').as('energy')])
      .where('scope', '=', scope)
      .where('scope_id', 'in', [...ids])
      .where('energy_type', '=', energyType)
      .where('grain', '=', grain)
      .where('period', '>=', first)
      .where('period', '<=', last)
      .groupBy('scope_id')
      .execute();
    return new Map(rows.map((row) => [row.scope_id, Number(row.energy)]));
  }
}

/** Sum of several scopes' period maps, period by period. */
export function sumByPeriod(totals: RollupTotals, ids: readonly number[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const id of ids) for (const [period, energy] of totals.get(id) ?? []) sum.set(period, (sum.get(period) ?? 0) + energy);
  return sum;
}
