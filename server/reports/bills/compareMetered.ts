import { sql, type Kysely } from 'kysely';
import type { SettlementFigures } from '@shared/schemas/settlement';
import type { BillTargetScope } from '@shared/reports/billSchemas';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/appError';
import { splitRange, wholeMonthOf } from '../../settlement/periods';

/** Bills here are electricity bills: the comparison reads electricity rollups. */
const ENERGY_TYPE = 'electricity';
/** Day rollups are fractions of intervals cut at local midnight: their sum carries binary dust (149.99999999999977). */
const tidy = (value: number): number => Math.round(value * 1e9) / 1e9;

export interface MeteredTargets {
  scope: BillTargetScope;
  ids: readonly number[];
  /** local days in TIME_ZONE, inclusive */
  from: string;
  to: string;
}

export interface MeteredEnergy {
  energy: number;
  /** 'snapshot' when a closed settlement month gave the figure, else 'rollups' */
  source: 'snapshot' | 'rollups';
}

/**
 * The metered energy of the chosen meters or departments of the caller's tree over local days (the rollups are
 * already in TIME_ZONE days): whole months at month grain and the rest at day grain, as settlement reads them. A
 * period that is exactly one month closed in settlement answers the frozen snapshot's own metered energy of those
 * lines, so a bill is compared with what was settled. A department counts its meters and children's (its rollup);
 * choosing a department and one inside it counts that part twice. An id outside `owners` is refused as unknown.
 */
export async function compareMetered(db: Kysely<Database>, owners: readonly number[] | null, home: number, targets: MeteredTargets): Promise<MeteredEnergy> {
  await assertTargetsInTree(db, owners, targets.scope, targets.ids);
  const month = wholeMonthOf(targets.from, targets.to);
  if (month) {
    const snapshot = await db
      .selectFrom('settlement_snapshots')
      .select('figures')
      .where('owner_user_id', '=', home)
      .where('month', '=', month)
      .where('state', '=', 'closed')
      .executeTakeFirst();
    if (snapshot) {
      const frozen = (JSON.parse(snapshot.figures) as Record<BillTargetScope, SettlementFigures>)[targets.scope];
      const wanted = new Set(targets.ids);
      const energy = frozen.lines.filter((line) => wanted.has(line.id) && line.energyType === ENERGY_TYPE).reduce((sum, line) => sum + line.energy, 0);
      return { energy: tidy(energy), source: 'snapshot' };
    }
  }
  const { months, daySpans } = splitRange(targets.from, targets.to);
  const row = await db
    .selectFrom('energy_rollups')
    .select(sql<number | null>`sum(energy)`.as('energy'))
    .where('scope', '=', targets.scope)
    .where('scope_id', 'in', [...targets.ids])
    .where('energy_type', '=', ENERGY_TYPE)
    .where((eb) =>
      eb.or([
        ...(months.length ? [eb.and([eb('grain', '=', 'month'), eb('period', 'in', months)])] : []),
        ...daySpans.map((span) => eb.and([eb('grain', '=', 'day'), eb('period', '>=', span.from), eb('period', '<=', span.to)])),
      ]),
    )
    .executeTakeFirst();
  return { energy: tidy(Number(row?.energy ?? 0)), source: 'rollups' };
}

/** Refuses (40000, `targets.ids.<i>: No meter with id 9`) an id that is not a meter or department of the caller's tree. */
export async function assertTargetsInTree(
  db: Kysely<Database>,
  owners: readonly number[] | null,
  scope: BillTargetScope,
  ids: readonly number[],
): Promise<void> {
  const table = scope === 'meter' ? 'meters' : 'departments';
  let query = db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids]);
  if (owners) query = query.where('owner_user_id', 'in', [...owners]);
  const known = new Set((await query.execute()).map((row) => Number(row.id)));
  const issues = ids.flatMap((id, index) => (known.has(id) ? [] : [{ field: `targets.ids.${index}`, rule: 'custom', message: `No ${scope} with id ${id}` }]));
  if (issues.length) throw validationError(issues);
}
