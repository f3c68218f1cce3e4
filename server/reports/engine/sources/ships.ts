import { SHIP_METRICS } from '@shared/reports/constants';
import { legShareInWindow, type FuelBurn, type ShipFuel } from '@shared/ships';
import { meterTonnes } from '../../../ships/meterFuel';
import { loadShipRecord, shipsInScope, type ShipRecord } from '../../../ships/shipRecord';
import { co2TonnesOf } from '../../../ships/shipYear';
import { cellKey, type MetricSource, type MetricValues, type ReportContext, type ReportSlot } from '../reportContext';
import { anyIn, estimateStarts, slotsSpan } from './sourceKit';

const HOUR_MS = 3_600_000;

/** A ship's operation inside one report slot: tonnes by fuel, the meters that counted some, the distance sailed. */
interface SlotFigures {
  tonnes: Map<ShipFuel, number>;
  meteredBy: Map<ShipFuel, number[]>;
  /** null: no leg under way in the slot */
  distanceNm: number | null;
}

/**
 * Ships, counted as server/ships counts a year (shipYear.ts), over a report slot of local days in TIME_ZONE instead
 * of a UTC year: a voyage leg by its share of the slot pro rata by time (`legShareInWindow`), its distance and its
 * linked fuel entries alike; an entry without a leg whole in the slot holding its date (the UTC day written on the
 * bunker note, read as that calendar day); a fuel flow meter its volume between the slot's first and last instant
 * (`meterTonnes`, × density). **fuel** = tonnes, **co2** = tonnes × Cf (`co2TonnesOf`, the library's formula),
 * both of one fuel type when the column names one; **distance** = nm. A slot with no burn (no leg) is an empty
 * cell. Fuel entries are per day: an hour slot reads nothing (the spec refuses hourly ship columns). Fuel and CO₂
 * are estimated when a flow meter that counted them has a completed interval in the slot.
 */
export const shipSource: MetricSource = {
  metrics: SHIP_METRICS,
  async read(context: ReportContext, request): Promise<MetricValues> {
    const values: MetricValues = new Map();
    const wanted = new Set(request.objects.filter((object) => object.kind === 'ship').map((object) => object.id));
    const slots = request.slots.filter((slot) => slot.endMs - slot.startMs > 2 * HOUR_MS);
    if (wanted.size === 0 || slots.length === 0 || !SHIP_METRICS.includes(request.metric)) return values;
    const ships = (await shipsInScope(context.db, context.owners === 'all' ? null : context.owners)).filter((ship) => wanted.has(ship.id));
    const span = slotsSpan(slots);
    for (const ship of ships) {
      const record = await loadShipRecord(context.db, ship);
      const estimates = record.meters.length
        ? await estimateStarts(
            context,
            record.meters.map((meter) => meter.meterId),
            span.from,
            span.to,
          )
        : new Map<number, number[]>();
      for (const slot of slots) {
        const figures = await slotFigures(context, record, slot);
        const key = cellKey(ship.id, slot.key);
        if (request.metric === 'distance') {
          if (figures.distanceNm !== null) values.set(key, { value: figures.distanceNm, estimated: false });
          continue;
        }
        const burns: FuelBurn[] = [...figures.tonnes].filter(([fuel]) => !request.fuel || fuel === request.fuel).map(([fuel, tonnes]) => ({ fuel, tonnes }));
        if (burns.length === 0) continue;
        const estimated = burns.some(({ fuel }) =>
          (figures.meteredBy.get(fuel) ?? []).some((meterId) => anyIn(estimates.get(meterId), slot.startMs, slot.endMs)),
        );
        const value = request.metric === 'co2' ? co2TonnesOf(burns) : burns.reduce((sum, burn) => sum + burn.tonnes, 0);
        values.set(key, { value, estimated });
      }
    }
    return values;
  },
};

/** shipYearFigures (server/ships/shipYear.ts) over a slot's instants and local days rather than a UTC year. */
async function slotFigures(context: ReportContext, record: ShipRecord, slot: ReportSlot): Promise<SlotFigures> {
  const tonnes = new Map<ShipFuel, number>();
  const add = (fuel: ShipFuel, value: number) => tonnes.set(fuel, (tonnes.get(fuel) ?? 0) + value);
  const shareOf = new Map<number, number>();
  let distanceNm: number | null = null;
  for (const leg of record.legs) {
    const share = legShareInWindow(leg.departureAt, leg.arrivalAt, slot.startMs, slot.endMs);
    shareOf.set(leg.id, share);
    if (share > 0) distanceNm = (distanceNm ?? 0) + leg.distanceNm * share;
  }
  for (const entry of record.entries) {
    if (entry.legId !== null && shareOf.has(entry.legId)) {
      const value = entry.tonnes * shareOf.get(entry.legId)!;
      if (value > 0) add(entry.fuel, value);
    } else if (slot.from <= entry.entryDay && entry.entryDay <= slot.to) add(entry.fuel, entry.tonnes);
  }
  const meteredBy = new Map<ShipFuel, number[]>();
  for (const meter of record.meters) {
    const value = await meterTonnes(context.db, meter, slot.startMs, slot.endMs);
    if (value === 0) continue;
    add(meter.fuel, value);
    meteredBy.set(meter.fuel, [...(meteredBy.get(meter.fuel) ?? []), meter.meterId]);
  }
  return { tonnes, meteredBy, distanceNm };
}
