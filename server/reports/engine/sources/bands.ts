import type { RollupScope } from '@shared/schemas';
import { MICRO_PER_MINOR } from '@shared/tariffs/money';
import { readBandFigures } from '../../../tariffs/bandFigures';
import { cellKey, type MetricRequest, type MetricSource, type MetricValues, type ReportContext } from '../reportContext';
import { sumOverSlots, type RollupFigure } from './rollupPlan';
import { chunks } from './sourceKit';

const SCOPE = { meter: 'meter', department: 'department', subitem: 'subitem' } as const satisfies Record<string, RollupScope>;

/**
 * cost, bandEnergy and bandCost of meters, departments and sub-items from the band rollups priced when read
 * (readBandFigures): cost in minor units = Σ costMicro ÷ MICRO_PER_MINOR, NOT rounded (the table rounds once per cell);
 * bandEnergy is the band's energy. Unpriced energy (no tariff) has no cost row: its cell stays empty.
 */
export const bandSource: MetricSource = {
  metrics: ['cost', 'bandEnergy', 'bandCost'],
  async read(context: ReportContext, request: MetricRequest): Promise<MetricValues> {
    const values: MetricValues = new Map();
    const kind = request.objects[0]?.kind;
    if (!kind || kind === 'room' || kind === 'line' || kind === 'ship' || request.slots.length === 0) return values;
    if (request.metric !== 'cost' && !request.band) return values;
    const owners = context.owners === 'all' ? 'all' : [...context.owners];
    const ids = request.objects.map((object) => object.id);
    const sums = await sumOverSlots(request.objects, request.slots, async (grain, from, to) => {
      const out: RollupFigure[] = [];
      for (const chunk of chunks(ids)) {
        for (const figure of await readBandFigures(context.db, owners, { scope: SCOPE[kind], ids: chunk, grain, from, to })) {
          if (request.metric !== 'cost' && figure.band !== request.band) continue;
          if (request.metric !== 'bandEnergy' && figure.priceMicro === null) continue;
          const value = request.metric === 'bandEnergy' ? figure.energy : figure.costMicro / MICRO_PER_MINOR;
          out.push({ scopeId: figure.scopeId, energyType: figure.energyType, grain, period: figure.period, value, estimated: figure.estimated > 1e-9 });
        }
      }
      return out;
    });
    for (const [objectId, perSlot] of sums) for (const [slotKey, figure] of perSlot) values.set(cellKey(objectId, slotKey), figure);
    return values;
  },
};
