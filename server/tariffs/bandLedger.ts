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

const HOUR_MS = 3_600_000;

/**
 * Sums one meter's 15-minute energy per price slot and local hour, day and month. Intervals in start order (as
 * stored, and as the ledger spreads them) are summed in runs: one part per (hour, slot), days and months from the
 * hour parts, so a year of a meter costs a few operations per interval and a part per hour. Out of order input is
 * still right: a (period, slot) may then come out more than once, and every consumer adds parts up by key.
 */
export class SlotSummer {
  private readonly out: SlotEnergy[] = [];
  private hour = Number.NaN;
  private hourSlot: PriceSlot | null = null;
  private hourEnergy = 0;
  private hourEstimated = 0;
  private day = '';
  private month = '';
  private days = new Map<PriceSlot, SlotEnergy>();
  private months = new Map<PriceSlot, SlotEnergy>();

  constructor(private readonly periodsOf: PeriodsOf) {}

  /** The interval starting at `start`, in `slot` (null: no slot covers it, its energy stays unpriced). */
  add(start: number, slot: PriceSlot | null, energy: number, estimated: number): void {
    if (!slot) return;
    if (!(start >= this.hour && start < this.hour + HOUR_MS)) {
      this.flushHour();
      const periods = this.periodsOf(start);
      this.hour = periods.hourStart;
      if (periods.day !== this.day) {
        for (const part of this.days.values()) this.out.push(part);
        this.days = new Map();
        this.day = periods.day;
      }
      if (periods.month !== this.month) {
        for (const part of this.months.values()) this.out.push(part);
        this.months = new Map();
        this.month = periods.month;
      }
    } else if (slot !== this.hourSlot) this.flushHour();
    if (this.hourSlot === null) {
      this.hourSlot = slot;
      this.hourEnergy = energy;
      this.hourEstimated = estimated;
    } else {
      this.hourEnergy += energy;
      this.hourEstimated += estimated;
    }
  }

  /** The hour, day and month parts. */
  finish(): SlotEnergy[] {
    this.flushHour();
    for (const part of this.days.values()) this.out.push(part);
    for (const part of this.months.values()) this.out.push(part);
    this.days = new Map();
    this.months = new Map();
    return this.out;
  }

  private flushHour(): void {
    const slot = this.hourSlot;
    if (slot === null) return;
    this.out.push({ grain: 'hour', period: String(this.hour), slot, energy: this.hourEnergy, estimated: this.hourEstimated });
    sumInto(this.days, 'day', this.day, slot, this.hourEnergy, this.hourEstimated);
    sumInto(this.months, 'month', this.month, slot, this.hourEnergy, this.hourEstimated);
    this.hourSlot = null;
  }
}

function sumInto(parts: Map<PriceSlot, SlotEnergy>, grain: 'day' | 'month', period: string, slot: PriceSlot, energy: number, estimated: number): void {
  const part = parts.get(slot);
  if (part) {
    part.energy += energy;
    part.estimated += estimated;
  } else parts.set(slot, { grain, period, slot, energy, estimated });
}

/**
 * A meter's 15-minute energy per price slot of its tariff, summed per local hour, day and month (SlotSummer).
 * Intervals no slot covers (no version that day, a band left out) stay out: that energy is unpriced.
 */
export function meterSlotEnergy(
  tariffId: number,
  energyByStart: Iterable<readonly [number, number]>,
  estimatedByStart: ReadonlyMap<number, number> | undefined,
  book: TariffBook,
  periodsOf: PeriodsOf,
): SlotEnergy[] {
  const summer = new SlotSummer(periodsOf);
  let seen: Set<number> | undefined;
  for (const [start, energy] of energyByStart) {
    const estimated = estimatedByStart?.get(start);
    if (estimated !== undefined) (seen ??= new Set()).add(start);
    summer.add(start, book.slotOf(tariffId, start), energy, estimated ?? 0);
  }
  // An estimate may sit in an interval without an energy row in this set (an estimate taken out again).
  if (estimatedByStart) for (const [start, estimated] of estimatedByStart) if (!seen?.has(start)) summer.add(start, book.slotOf(tariffId, start), 0, estimated);
  return summer.finish();
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
