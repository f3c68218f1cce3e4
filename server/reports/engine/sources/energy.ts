import type { RollupScope } from '@shared/schemas';
import { cellKey, type MetricSource, type MetricValues, type ReportContext, type MetricRequest } from '../reportContext';
import { sumOverSlots, type RollupFigure } from './rollupPlan';
import { anyIn, chunks, estimateStarts, num, slotsSpan } from './sourceKit';

const SCOPE = { meter: 'meter', department: 'department', subitem: 'subitem' } as const satisfies Record<string, RollupScope>;

/**
 * Energy of meters, departments and sub-items per slot from `energy_rollups` (what ingest keeps, a department's as
 * its rollups count it): hours from hour rows, whole months from month rows, other days from day rows. Estimated:
 * a meter's slot holding a completed interval (interval_estimates); a department's or sub-item's slot whose band
 * rollups carry an estimated part (priced meters only: the cheap signal there is).
 */
export const energySource: MetricSource = {
  metrics: ['energy'],
  async read(context: ReportContext, request: MetricRequest): Promise<MetricValues> {
    const values: MetricValues = new Map();
    const kind = request.objects[0]?.kind;
    if (!kind || kind === 'room' || kind === 'line' || kind === 'ship' || request.slots.length === 0) return values;
    const scope = SCOPE[kind];
    const ids = request.objects.map((object) => object.id);
    const types = [...new Set(request.objects.map((object) => object.energyType))];
    const sums = await sumOverSlots(request.objects, request.slots, async (grain, from, to) => {
      const out: RollupFigure[] = [];
      for (const chunk of chunks(ids)) {
        const rows = await context.db
          .selectFrom('energy_rollups')
          .select(['scope_id', 'energy_type', 'period', 'energy'])
          .where('scope', '=', scope)
          .where('scope_id', 'in', chunk)
          .where('energy_type', 'in', types)
          .where('grain', '=', grain)
          .where('period', '>=', from)
          .where('period', '<=', to)
          .execute();
        for (const row of rows)
          out.push({ scopeId: row.scope_id, energyType: row.energy_type, grain, period: row.period, value: num(row.energy), estimated: false });
      }
      return out;
    });
    const estimated = await estimatedCells(context, request, scope, ids, types);
    for (const object of request.objects)
      for (const [slotKey, figure] of sums.get(object.id) ?? []) {
        const key = cellKey(object.id, slotKey);
        values.set(key, { value: figure.value, estimated: estimated.has(key) });
      }
    return values;
  },
};

async function estimatedCells(context: ReportContext, request: MetricRequest, scope: RollupScope, ids: number[], types: string[]): Promise<Set<string>> {
  const cells = new Set<string>();
  if (scope === 'meter') {
    const span = slotsSpan(request.slots);
    const starts = await estimateStarts(context, ids, span.from, span.to);
    if (starts.size === 0) return cells;
    for (const object of request.objects)
      for (const slot of request.slots) if (anyIn(starts.get(object.id), slot.startMs, slot.endMs)) cells.add(cellKey(object.id, slot.key));
    return cells;
  }
  const sums = await sumOverSlots(request.objects, request.slots, async (grain, from, to) => {
    const out: RollupFigure[] = [];
    for (const chunk of chunks(ids)) {
      const rows = await context.db
        .selectFrom('band_rollups')
        .select(['scope_id', 'energy_type', 'period', 'estimated'])
        .where('scope', '=', scope)
        .where('scope_id', 'in', chunk)
        .where('energy_type', 'in', types)
        .where('grain', '=', grain)
        .where('period', '>=', from)
        .where('period', '<=', to)
        .where('estimated', '>', 0)
        .execute();
      for (const row of rows)
        out.push({ scopeId: row.scope_id, energyType: row.energy_type, grain, period: row.period, value: num(row.estimated), estimated: true });
    }
    return out;
  });
  for (const [objectId, perSlot] of sums) for (const [slotKey, figure] of perSlot) if (figure.value > 1e-9) cells.add(cellKey(objectId, slotKey));
  return cells;
}
