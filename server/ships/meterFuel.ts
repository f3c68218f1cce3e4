import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FuelMeterRow } from './shipRecord';

const QUARTER_MS = 15 * 60_000;

/**
 * A meter's counted quantity over [from, to): the 15-minute energy intervals inside the window, and the part of
 * the two intervals the window cuts, pro rata by time (a leg departs at 08:05, not on a quarter hour).
 */
export async function countedOver(db: Kysely<Database>, meterId: number, from: number, to: number): Promise<number> {
  if (to <= from) return 0;
  const firstWhole = Math.ceil(from / QUARTER_MS) * QUARTER_MS;
  const endWhole = Math.floor(to / QUARTER_MS) * QUARTER_MS;
  let total = 0;
  if (endWhole > firstWhole) {
    const inner = await db
      .selectFrom('energy_intervals')
      .select((eb) => eb.fn.sum<number | string | null>('energy').as('energy'))
      .where('meter_id', '=', meterId)
      .where('start', '>=', firstWhole)
      .where('start', '<', endWhole)
      .executeTakeFirst();
    total += Number(inner?.energy ?? 0);
  }
  // The cut intervals: the one holding `from` (when from is not on a quarter hour) and the one holding `to`.
  const edges = new Set<number>();
  if (firstWhole !== from) edges.add(firstWhole - QUARTER_MS);
  if (endWhole !== to && endWhole >= from) edges.add(endWhole);
  if (edges.size) {
    const rows = await db
      .selectFrom('energy_intervals')
      .select(['start', 'energy'])
      .where('meter_id', '=', meterId)
      .where('start', 'in', [...edges])
      .execute();
    for (const row of rows) {
      const start = Number(row.start);
      const overlap = Math.min(to, start + QUARTER_MS) - Math.max(from, start);
      if (overlap > 0) total += (Number(row.energy) * overlap) / QUARTER_MS;
    }
  }
  return total;
}

/** Tonnes a fuel flow meter counted over [from, to): volume (l or m³) → m³ × density kg/m³ → kg / 1000. */
export async function meterTonnes(db: Kysely<Database>, meter: FuelMeterRow, from: number, to: number): Promise<number> {
  const counted = await countedOver(db, meter.meterId, from, to);
  const cubicMetres = meter.volumeUnit === 'l' ? counted / 1000 : counted;
  return (cubicMetres * meter.densityKgM3) / 1000;
}
