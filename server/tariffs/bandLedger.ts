import type { Selectable } from 'kysely';
import type { PriceSlot } from '@shared/tariffs';
import type { BandRollupsTable, RollupGrain, RollupScope } from '../db/schema';
import type { LocalPeriods } from '../metering/calendar';
import type { TariffBook } from './tariffBook';

export type BandRollupRow = Selectable<BandRollupsTable>;

/** One meter's energy in one period and price slot (before it is fanned out to the meter's scopes). */
export interface SlotEnergy {
  grain: RollupGrain;
  period: string;
  slot: PriceSlot;
  energy: number;
  estimated: number;
}

/** Where a meter's band energy is counted: itself, the departments it counts towards, its sub-item. */
export interface BandScopes {
  meterId: number;
  energyType: string;
  departmentIds: readonly number[];
  subitemId: number | null;
}

export type PeriodsOf = (instant: number) => LocalPeriods;

type Acc = { energy: number; estimated: number };

/**
 * A meter's 15-minute energy per price slot, summed per local hour, day and month. Intervals are first summed
 * per (hour, slot), then hours per day and days per month, so a year of a meter costs one map lookup per
 * interval and text keys only per hour. Intervals no slot covers (no version that day, a band left out)
 * stay out: that energy is unpriced.
 */
export function meterSlotEnergy(
  tariffId: number,
  energyByStart: ReadonlyMap<number, number>,
  estimatedByStart: ReadonlyMap<number, number> | undefined,
  book: TariffBook,
  periodsOf: PeriodsOf,
): SlotEnergy[] {
  const byHour = new Map<number, Map<PriceSlot, Acc>>();
  for (const [start, energy] of energyByStart) {
    const slot = book.slotOf(tariffId, start);
    if (!slot) continue;
    const hour = periodsOf(start).hourStart;
    let slots = byHour.get(hour);
    if (!slots) byHour.set(hour, (slots = new Map()));
    const acc = slots.get(slot);
    const estimated = estimatedByStart?.get(start) ?? 0;
    if (acc) {
      acc.energy += energy;
      acc.estimated += estimated;
    } else slots.set(slot, { energy, estimated });
  }
  // An estimate may sit in an interval that has no other energy row in this set (a pure removal).
  if (estimatedByStart) {
    for (const [start, estimated] of estimatedByStart) {
      if (energyByStart.has(start)) continue;
      const slot = book.slotOf(tariffId, start);
      if (!slot) continue;
      const hour = periodsOf(start).hourStart;
      let slots = byHour.get(hour);
      if (!slots) byHour.set(hour, (slots = new Map()));
      const acc = slots.get(slot);
      if (acc) acc.estimated += estimated;
      else slots.set(slot, { energy: 0, estimated });
    }
  }
  const out: SlotEnergy[] = [];
  const byDay = new Map<string, Map<PriceSlot, Acc>>();
  const monthOf = new Map<string, string>();
  for (const [hour, slots] of byHour) {
    const periods = periodsOf(hour);
    monthOf.set(periods.day, periods.month);
    let daySlots = byDay.get(periods.day);
    if (!daySlots) byDay.set(periods.day, (daySlots = new Map()));
    for (const [slot, acc] of slots) {
      out.push({ grain: 'hour', period: String(hour), slot, energy: acc.energy, estimated: acc.estimated });
      const day = daySlots.get(slot);
      if (day) {
        day.energy += acc.energy;
        day.estimated += acc.estimated;
      } else daySlots.set(slot, { ...acc });
    }
  }
  const byMonth = new Map<string, Map<PriceSlot, Acc>>();
  for (const [day, slots] of byDay) {
    const month = monthOf.get(day)!;
    let monthSlots = byMonth.get(month);
    if (!monthSlots) byMonth.set(month, (monthSlots = new Map()));
    for (const [slot, acc] of slots) {
      out.push({ grain: 'day', period: day, slot, energy: acc.energy, estimated: acc.estimated });
      const sum = monthSlots.get(slot);
      if (sum) {
        sum.energy += acc.energy;
        sum.estimated += acc.estimated;
      } else monthSlots.set(slot, { ...acc });
    }
  }
  for (const [month, slots] of byMonth) {
    for (const [slot, acc] of slots) out.push({ grain: 'month', period: month, slot, energy: acc.energy, estimated: acc.estimated });
  }
  return out;
}

export const slotKey = (grain: RollupGrain, period: string, slot: { versionId: number; season: number; band: string }): string =>
  `${grain}|${period}|${slot.versionId}|${slot.season}|${slot.band}`;

/** Band rollup rows keyed by their primary key, summed as they are added. */
export class BandRowSet {
  /** scope|scopeId|energyType → slot key → row: the scope's key is built once per meter, the slot's once per part. */
  private readonly byScope = new Map<string, Map<string, BandRollupRow>>();
  private count = 0;

  add(scope: RollupScope, scopeId: number, energyType: string, part: SlotEnergy, sign = 1): void {
    this.addKeyed(this.scopeRows(scope, scopeId, energyType), scope, scopeId, energyType, slotKey(part.grain, part.period, part.slot), part, sign);
  }

  /** Adds a meter's slot energy to the meter and to every scope it counts towards. */
  addToScopes(scopes: BandScopes, parts: readonly SlotEnergy[], options: { meter?: boolean; sign?: number } = {}): void {
    const sign = options.sign ?? 1;
    const targets: [RollupScope, number, Map<string, BandRollupRow>][] = [];
    const target = (scope: RollupScope, id: number) => targets.push([scope, id, this.scopeRows(scope, id, scopes.energyType)]);
    if (options.meter !== false) target('meter', scopes.meterId);
    for (const departmentId of scopes.departmentIds) target('department', departmentId);
    if (scopes.subitemId !== null) target('subitem', scopes.subitemId);
    for (const part of parts) {
      const key = slotKey(part.grain, part.period, part.slot);
      for (const [scope, id, rows] of targets) this.addKeyed(rows, scope, id, scopes.energyType, key, part, sign);
    }
  }

  get size(): number {
    return this.count;
  }

  values(): BandRollupRow[] {
    const out: BandRollupRow[] = [];
    for (const rows of this.byScope.values()) for (const row of rows.values()) out.push(row);
    return out;
  }

  private scopeRows(scope: RollupScope, scopeId: number, energyType: string): Map<string, BandRollupRow> {
    const key = `${scope}|${scopeId}|${energyType}`;
    let rows = this.byScope.get(key);
    if (!rows) this.byScope.set(key, (rows = new Map()));
    return rows;
  }

  private addKeyed(
    rows: Map<string, BandRollupRow>,
    scope: RollupScope,
    scopeId: number,
    energyType: string,
    key: string,
    part: SlotEnergy,
    sign: number,
  ): void {
    const row = rows.get(key);
    if (row) {
      row.energy += sign * part.energy;
      row.estimated += sign * part.estimated;
      return;
    }
    this.count++;
    rows.set(key, {
      scope,
      scope_id: scopeId,
      energy_type: energyType,
      grain: part.grain,
      period: part.period,
      version_id: part.slot.versionId,
      season: part.slot.season,
      band: part.slot.band,
      energy: sign * part.energy,
      estimated: sign * part.estimated,
    });
  }
}
