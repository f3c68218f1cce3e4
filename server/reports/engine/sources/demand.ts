import { INTERVAL_MS } from '../../../metering/spreadEnergy';
import { cellKey, type MetricSource, type MetricValues, type ReportContext, type ReportObject, type ReportSlot } from '../reportContext';
import { anyIn, chunks, departmentMeters, departmentNodes, estimateStarts, meterFacts, num, slotsSpan, type MeterFacts } from './sourceKit';

/** kW from the energy of one 15-minute interval (kWh): four intervals make an hour. */
const PER_HOUR = 3_600_000 / INTERVAL_MS;

interface Extremes {
  max: number;
  min: number;
}

/** meter id → its largest and smallest stored interval energy in [from, to), for many meters in one statement. */
async function meterExtremes(context: ReportContext, meterIds: readonly number[], from: number, to: number): Promise<Map<number, Extremes>> {
  const found = new Map<number, Extremes>();
  for (const chunk of chunks(meterIds)) {
    const rows = await context.db
      .selectFrom('energy_intervals')
      .select(['meter_id', (eb) => eb.fn.max('energy').as('max'), (eb) => eb.fn.min('energy').as('min')])
      .where('meter_id', 'in', chunk)
      .where('start', '>=', from)
      .where('start', '<', to)
      .groupBy('meter_id')
      .execute();
    for (const row of rows) found.set(row.meter_id, { max: num(row.max), min: num(row.min) });
  }
  return found;
}

/**
 * The largest and smallest of the meters' summed energy per interval in [from, to): a department's demand is that
 * of its load as a whole (the meters' energy of the same quarter hour added up), not the largest of its meters.
 */
async function summedExtremes(context: ReportContext, meterIds: readonly number[], from: number, to: number): Promise<Extremes | null> {
  if (meterIds.length === 0) return null;
  const db = context.db;
  // A department rarely has more meters than one chunk; when it does, sum the chunks' per-interval sums here.
  if (meterIds.length <= 500) {
    const perInterval = db
      .selectFrom('energy_intervals')
      .select((eb) => eb.fn.sum<number>('energy').as('total'))
      .where('meter_id', 'in', [...meterIds])
      .where('start', '>=', from)
      .where('start', '<', to)
      .groupBy('start')
      .as('intervals');
    const row = await db
      .selectFrom(perInterval)
      .select([(eb) => eb.fn.max('intervals.total').as('max'), (eb) => eb.fn.min('intervals.total').as('min'), (eb) => eb.fn.countAll().as('n')])
      .executeTakeFirst();
    return row && num(row.n) > 0 ? { max: num(row.max), min: num(row.min) } : null;
  }
  const sums = new Map<number, number>();
  for (const chunk of chunks(meterIds)) {
    const rows = await db
      .selectFrom('energy_intervals')
      .select(['start', (eb) => eb.fn.sum<number>('energy').as('total')])
      .where('meter_id', 'in', chunk)
      .where('start', '>=', from)
      .where('start', '<', to)
      .groupBy('start')
      .execute();
    for (const row of rows) sums.set(num(row.start), (sums.get(num(row.start)) ?? 0) + num(row.total));
  }
  if (sums.size === 0) return null;
  let max = -Infinity;
  let min = Infinity;
  for (const total of sums.values()) {
    max = Math.max(max, total);
    min = Math.min(min, total);
  }
  return { max, min };
}

/**
 * maxDemand / minDemand: the largest / smallest 15-minute demand in kW (interval energy × 4) over the intervals
 * stored in the slot (an interval with no stored energy, a meter that sent nothing, is no demand). Meters: their
 * own intervals; departments: the sum of the meters the department's energy is made of, per interval, in the
 * object's energy type. Estimated when an interval of the slot of one of those meters is a completed gap.
 */
export const demandSource: MetricSource = {
  metrics: ['maxDemand', 'minDemand'],
  async read(context, request) {
    const values: MetricValues = new Map();
    if (request.objects.length === 0 || request.slots.length === 0) return values;
    const pick = (extremes: Extremes) => (request.metric === 'minDemand' ? extremes.min : extremes.max) * PER_HOUR;
    const meters = request.objects.filter((object) => object.kind === 'meter');
    const departments = request.objects.filter((object) => object.kind === 'department');

    const facts = await meterFacts(context);
    const known = new Map(facts.map((meter) => [meter.id, meter]));
    const meterIds = meters.map((object) => object.id).filter((id) => known.has(id));
    let members = new Map<number, MeterFacts[]>();
    if (departments.length > 0) members = departmentMeters(facts, await departmentNodes(context));
    const meterIdsOf = (department: ReportObject): number[] =>
      (members.get(department.id) ?? []).filter((meter) => meter.energyType === department.energyType).map((meter) => meter.id);

    const span = slotsSpan(request.slots);
    const everyMeter = [...meterIds, ...departments.flatMap(meterIdsOf)];
    const estimates = await estimateStarts(context, everyMeter, span.from, span.to);
    const estimated = (ids: readonly number[], slot: ReportSlot) => ids.some((id) => anyIn(estimates.get(id), slot.startMs, slot.endMs));

    for (const slot of request.slots) {
      const extremes = await meterExtremes(context, meterIds, slot.startMs, slot.endMs);
      for (const [meterId, found] of extremes) values.set(cellKey(meterId, slot.key), { value: pick(found), estimated: estimated([meterId], slot) });
      for (const department of departments) {
        const ids = meterIdsOf(department);
        const found = await summedExtremes(context, ids, slot.startMs, slot.endMs);
        if (found) values.set(cellKey(department.id, slot.key), { value: pick(found), estimated: estimated(ids, slot) });
      }
    }
    return values;
  },
};
